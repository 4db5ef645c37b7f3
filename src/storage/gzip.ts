/**
 * gzip through the platform's CompressionStream / DecompressionStream (browsers, workers and
 * Node 20 alike), so the export file needs no compression library. Decompression stops at a
 * byte budget: a small file must not be able to inflate into gigabytes (a "zip bomb").
 */

export type GunzipResult =
  | { ok: true; bytes: Uint8Array }
  /** Not gzip, cut short, or failing its CRC; `detail` is the platform's wording. */
  | { ok: false; reason: 'corrupt'; detail: string }
  /** It inflates to more than the budget; reading stopped there. */
  | { ok: false; reason: 'too-large' };

export async function gzip(bytes: Uint8Array): Promise<Uint8Array> {
  const stream = new Blob([bytes as Uint8Array<ArrayBuffer>]).stream().pipeThrough(new CompressionStream('gzip'));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

/** The bytes `compressed` inflates to, holding no more than `maxBytes` of them at any time. */
export async function gunzip(compressed: Uint8Array, maxBytes: number): Promise<GunzipResult> {
  const reader = new Blob([compressed as Uint8Array<ArrayBuffer>]).stream().pipeThrough(new DecompressionStream('gzip')).getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      total += value.length;
      if (total > maxBytes) {
        await reader.cancel().catch(() => undefined);
        return { ok: false, reason: 'too-large' };
      }
      chunks.push(value);
    }
  } catch (error) {
    // Node says "unexpected end of file" or "incorrect data check"; browsers word it otherwise.
    return { ok: false, reason: 'corrupt', detail: error instanceof Error ? error.message : String(error) };
  }
  if (chunks.length === 1) return { ok: true, bytes: chunks[0]! };
  const out = new Uint8Array(total);
  let o = 0;
  for (const chunk of chunks) {
    out.set(chunk, o);
    o += chunk.length;
  }
  return { ok: true, bytes: out };
}
