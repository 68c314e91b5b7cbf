/**
 * Decoding a response body to text: BOM, then the Content-Type charset, then (for HTML) a
 * `<meta charset>` / `<meta http-equiv="Content-Type">` in the first 1024 bytes, then UTF-8.
 * Labels follow the WHATWG Encoding Standard (`iso-8859-1` and `latin1` mean windows-1252).
 */

// windows-1252 0x80..0x9F. Node 20's TextDecoder decodes windows-1252 as ISO-8859-1 (0x80 ->
// U+0080 instead of the euro sign), so that one encoding is decoded here.
const WINDOWS_1252_HIGH = [
  0x20ac, 0x81, 0x201a, 0x192, 0x201e, 0x2026, 0x2020, 0x2021, 0x2c6, 0x2030, 0x160, 0x2039, 0x152,
  0x8d, 0x17d, 0x8f, 0x90, 0x2018, 0x2019, 0x201c, 0x201d, 0x2022, 0x2013, 0x2014, 0x2dc, 0x2122,
  0x161, 0x203a, 0x153, 0x9d, 0x17e, 0x178,
];

function decodeWindows1252(bytes: Uint8Array): string {
  const parts: string[] = [];
  const chunk = 8192;
  for (let start = 0; start < bytes.length; start += chunk) {
    const codes = Array.from(bytes.subarray(start, start + chunk), (b) =>
      b >= 0x80 && b <= 0x9f ? (WINDOWS_1252_HIGH[b - 0x80] as number) : b,
    );
    parts.push(String.fromCharCode(...codes));
  }
  return parts.join('');
}

/** The WHATWG encoding name for a label, or undefined when the label is unknown. */
function encodingFor(label: string): string | undefined {
  try {
    return new TextDecoder(label.trim()).encoding;
  } catch {
    return undefined;
  }
}

function charsetFromContentType(contentType: string | undefined): string | undefined {
  if (!contentType) return undefined;
  const match = /;\s*charset\s*=\s*("?)([^";\s]+)\1/i.exec(contentType);
  return match?.[2];
}

function bomEncoding(bytes: Uint8Array): string | undefined {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return 'utf-8';
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return 'utf-16be';
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return 'utf-16le';
  return undefined;
}

/** A simplified HTML prescan: `<meta charset=x>` or `<meta http-equiv=... content="...; charset=x">`. */
function charsetFromMeta(bytes: Uint8Array): string | undefined {
  const head = decodeWindows1252(bytes.subarray(0, 1024));
  for (const tag of head.match(/<meta\b[^>]*>/gi) ?? []) {
    const direct = /\bcharset\s*=\s*["']?\s*([^"'\s/>;]+)/i.exec(tag);
    if (direct) return direct[1];
  }
  return undefined;
}

export function decodeBody(bytes: Uint8Array, contentType: string | undefined): string {
  let encoding = bomEncoding(bytes);
  if (!encoding) {
    const declared = charsetFromContentType(contentType);
    encoding = declared ? encodingFor(declared) : undefined;
  }
  const isHtml = !contentType || /html|xml/i.test(contentType);
  if (!encoding && isHtml) {
    const meta = charsetFromMeta(bytes);
    encoding = meta ? encodingFor(meta) : undefined;
    // A meta tag cannot switch to UTF-16: the bytes we just read as ASCII say otherwise.
    if (encoding === 'utf-16le' || encoding === 'utf-16be') encoding = 'utf-8';
  }
  encoding ??= 'utf-8';
  if (encoding === 'windows-1252') return decodeWindows1252(bytes);
  try {
    return new TextDecoder(encoding).decode(bytes);
  } catch {
    return new TextDecoder('utf-8').decode(bytes);
  }
}
