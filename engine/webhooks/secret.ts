/** `whsec_` + base64 of 24 random bytes (Standard Webhooks' secret format). */
export function newSecret(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(24));
  return `whsec_${btoa(String.fromCharCode(...bytes))}`;
}

/** How long the secret before a rotation keeps signing deliveries beside the new one. */
export const SECRET_OVERLAP_MS = 24 * 60 * 60 * 1000;
