/**
 * Counts in the page every byte handed to WebGL2 (bufferData, bufferSubData, texImage2D/3D,
 * texSubImage2D/3D), by wrapping the context's prototype before any script runs: so the
 * bench measures upload traffic the same way in every build, including builds older than the
 * game's own counter (src/render/gpu-uploads.ts, whose rules this follows; the bench reports
 * both where the game has one). Self-contained: it is sent to the page as an init script.
 */

declare global {
  interface Window {
    __uploads?: UploadCounter;
  }
}

/**
 * Bytes so far, and the same split by kind: whole buffers (bufferData with data: a new or
 * re-created arena), buffer ranges (bufferSubData: slots) and textures (instance matrices,
 * tiles), so the bench can say what its heaviest frames consist of.
 */
export interface UploadCounter {
  bytes: number;
  wholeBuffers: number;
  bufferRanges: number;
  textures: number;
}

export function installUploadCounter(): void {
  const counter: UploadCounter = { bytes: 0, wholeBuffers: 0, bufferRanges: 0, textures: 0 };
  window.__uploads = counter;
  const proto = (globalThis as unknown as { WebGL2RenderingContext?: { prototype: Record<string, unknown> } }).WebGL2RenderingContext?.prototype;
  if (!proto) return;
  const elementSize = (v: ArrayBufferView) => (v as unknown as { BYTES_PER_ELEMENT?: number }).BYTES_PER_ELEMENT ?? 1;
  const viewBytes = (data: unknown, srcOffset: unknown, length: unknown): number => {
    if (data instanceof ArrayBuffer) return data.byteLength;
    if (!ArrayBuffer.isView(data)) return 0;
    if (srcOffset === undefined) return data.byteLength;
    const size = elementSize(data);
    const count = data.byteLength / size - Number(srcOffset);
    return Math.max(0, (typeof length === 'number' && length > 0 ? Math.min(length, count) : count) * size);
  };
  // Channels per format and bytes per channel type, as gpu-uploads.ts (packed types are not used by three here).
  const channels: Record<number, number> = { 0x1903: 1, 0x8d94: 1, 0x1906: 1, 0x1909: 1, 0x1902: 1, 0x8227: 2, 0x8228: 2, 0x190a: 2, 0x1907: 3, 0x8d98: 3, 0x1908: 4, 0x8d99: 4 };
  const typeBytes: Record<number, number> = { 0x1400: 1, 0x1401: 1, 0x1402: 2, 0x1403: 2, 0x140b: 2, 0x1404: 4, 0x1405: 4, 0x1406: 4 };
  const pixel = (format: unknown, type: unknown) => (channels[Number(format)] ?? 0) * (typeBytes[Number(type)] ?? 0) || 4;
  const fromPage = (p: unknown) => p !== null && p !== undefined && typeof p !== 'number';
  const size = (s: unknown) => {
    const o = s as { width?: number; height?: number };
    return (o.width ?? 0) * (o.height ?? 0);
  };
  const rules: Record<string, (a: unknown[]) => number> = {
    bufferData: (a) => (typeof a[1] === 'number' ? 0 : viewBytes(a[1], a[3], a[4])),
    bufferSubData: (a) => viewBytes(a[2], a[3], a[4]),
    texImage2D: (a) => (a.length === 6 ? size(a[5]) * pixel(a[3], a[4]) : fromPage(a[8]) ? Number(a[3]) * Number(a[4]) * pixel(a[6], a[7]) : 0),
    texSubImage2D: (a) => (a.length === 7 ? size(a[6]) * pixel(a[4], a[5]) : fromPage(a[8]) ? Number(a[4]) * Number(a[5]) * pixel(a[6], a[7]) : 0),
    texImage3D: (a) => (fromPage(a[9]) ? Number(a[3]) * Number(a[4]) * Number(a[5]) * pixel(a[7], a[8]) : 0),
    texSubImage3D: (a) => (fromPage(a[10]) ? Number(a[5]) * Number(a[6]) * Number(a[7]) * pixel(a[8], a[9]) : 0),
  };
  const kinds: Record<string, 'wholeBuffers' | 'bufferRanges' | 'textures'> = { bufferData: 'wholeBuffers', bufferSubData: 'bufferRanges' };
  for (const [name, bytesOf] of Object.entries(rules)) {
    const original = proto[name] as (...args: unknown[]) => unknown;
    const kind = kinds[name] ?? 'textures';
    proto[name] = function (this: unknown, ...args: unknown[]) {
      const bytes = bytesOf(args);
      counter.bytes += bytes;
      counter[kind] += bytes;
      return original.apply(this, args);
    };
  }
}
