/** Host permissions, asked one origin set at a time when the user acts (never up front). */

const originPattern = (url: string) => `${new URL(url).origin}/*`;

/**
 * Asks for access to the origins of `urls`. Call it before any other await in a click or submit
 * handler: the browser shows the prompt only during a user gesture. Resolves to whether granted
 * (true at once, with no prompt, when already granted).
 */
export async function requestOrigins(urls: readonly string[]): Promise<boolean> {
  const origins = [...new Set(urls.map(originPattern))];
  if (origins.length === 0) return true;
  try {
    return await browser.permissions.request({ origins });
  } catch (error) {
    const detail = error instanceof Error ? error.message : String(error);
    throw new Error(`The extension could not ask for access to ${origins.join(', ')}: ${detail}`);
  }
}
