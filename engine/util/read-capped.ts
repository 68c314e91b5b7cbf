/**
 * Reads a body into bytes, giving up as soon as it passes `maxBytes`: reading stops, the stream
 * is canceled, and `tooLarge()` is thrown. Takes a web ReadableStream or any async iterable of
 * chunks (a Node stream, which is destroyed when reading stops early).
 */
export async function readCapped(
  body: ReadableStream<Uint8Array> | AsyncIterable<Uint8Array>,
  maxBytes: number,
  tooLarge: () => Error,
): Promise<Uint8Array> {
  const chunks: Uint8Array[] = [];
  let total = 0;
  for await (const chunk of chunksOf(body)) {
    total += chunk.byteLength;
    if (total > maxBytes) throw tooLarge();
    chunks.push(chunk);
  }
  const bytes = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}

/** The first `maxBytes` bytes of a body; the rest is never read (the stream is canceled). */
export async function readPrefix(
  body: ReadableStream<Uint8Array> | AsyncIterable<Uint8Array>,
  maxBytes: number,
): Promise<Uint8Array> {
  const out = new Uint8Array(maxBytes);
  let total = 0;
  for await (const chunk of chunksOf(body)) {
    const take = Math.min(chunk.byteLength, maxBytes - total);
    out.set(chunk.subarray(0, take), total);
    total += take;
    if (total >= maxBytes) break;
  }
  return out.subarray(0, total);
}

/** The chunks of a stream; a web stream left before its end is canceled. */
async function* chunksOf(body: ReadableStream<Uint8Array> | AsyncIterable<Uint8Array>) {
  if (!('getReader' in body)) {
    yield* body;
    return;
  }
  const reader = body.getReader();
  let finished = false;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) {
        finished = true;
        return;
      }
      yield value;
    }
  } finally {
    if (!finished) await reader.cancel().catch(() => undefined);
  }
}
