/**
 * What the page hands to the GPU (docs/architecture.md §7, "Uploads"): the renderer's context
 * wrapped once, counting the bytes actually given to bufferData, bufferSubData, texImage and
 * texSubImage (2D and 3D). The honest measure of upload traffic, for stats() and the bench:
 * three decides what to upload while it draws, so counting at the context sees all of it.
 *
 * (It also allocated arena buffers lazily once, by size and then only their filled slots:
 * 40% fewer bytes, but the R = 32 load took 2.4 times as long on SwiftShader, so three's
 * whole-array bufferData stays.)
 */

/** The context methods wrapped here (a WebGL2RenderingContext, or a fake one in tests). */
export interface UploadContext {
  bufferData(...args: unknown[]): void;
  bufferSubData(...args: unknown[]): void;
  texImage2D(...args: unknown[]): void;
  texSubImage2D(...args: unknown[]): void;
  texImage3D(...args: unknown[]): void;
  texSubImage3D(...args: unknown[]): void;
}

const WRAPPED = ['bufferData', 'bufferSubData', 'texImage2D', 'texSubImage2D', 'texImage3D', 'texSubImage3D'] as const;
type Wrapped = (typeof WRAPPED)[number];

export class GpuUploads {
  /** Bytes handed to the GPU since this was made. */
  bytes = 0;
  private readonly originals = new Map<Wrapped, PropertyDescriptor | undefined>();
  private disposed = false;

  constructor(private readonly gl: UploadContext) {
    const rules: Record<Wrapped, (args: unknown[]) => number> = {
      bufferData: bufferDataBytes,
      bufferSubData: bufferSubDataBytes,
      texImage2D: texImage2DBytes,
      texSubImage2D: texSubImage2DBytes,
      texImage3D: texImage3DBytes,
      texSubImage3D: texSubImage3DBytes,
    };
    for (const name of WRAPPED) {
      const original = gl[name];
      const bytesOf = rules[name];
      this.originals.set(name, Object.getOwnPropertyDescriptor(gl, name));
      Object.defineProperty(gl, name, {
        configurable: true,
        writable: true,
        value: (...args: unknown[]) => {
          this.bytes += bytesOf(args);
          original.apply(gl, args);
        },
      });
    }
  }

  /** The context's own methods back. Safe to call twice. */
  dispose(): void {
    if (this.disposed) return;
    this.disposed = true;
    for (const [name, descriptor] of this.originals) {
      if (descriptor) Object.defineProperty(this.gl, name, descriptor);
      else delete (this.gl as unknown as Record<string, unknown>)[name];
    }
    this.originals.clear();
  }
}

function elementSize(view: ArrayBufferView): number {
  return (view as { BYTES_PER_ELEMENT?: number }).BYTES_PER_ELEMENT ?? 1;
}

/** Bytes of `data` from element `srcOffset`, `length` elements (0 or absent: to the end). */
function viewBytes(data: unknown, srcOffset: unknown, length: unknown): number {
  if (data instanceof ArrayBuffer) return data.byteLength;
  if (!ArrayBuffer.isView(data)) return 0;
  if (srcOffset === undefined) return data.byteLength;
  const size = elementSize(data);
  const count = data.byteLength / size - Number(srcOffset);
  return Math.max(0, (typeof length === 'number' && length > 0 ? Math.min(length, count) : count) * size);
}

/** bufferData(target, size | data, usage[, srcOffset[, length]]): a size alone sends nothing. */
export function bufferDataBytes(args: unknown[]): number {
  return typeof args[1] === 'number' ? 0 : viewBytes(args[1], args[3], args[4]);
}

/** bufferSubData(target, dstByteOffset, data[, srcOffset[, length]]). */
export function bufferSubDataBytes(args: unknown[]): number {
  return viewBytes(args[2], args[3], args[4]);
}

// Formats and types as WebGL2 numbers (the fake context of the tests has no constants).
const FORMAT_CHANNELS: Record<number, number> = {
  0x1903: 1, // RED
  0x8d94: 1, // RED_INTEGER
  0x1906: 1, // ALPHA
  0x1909: 1, // LUMINANCE
  0x1902: 1, // DEPTH_COMPONENT
  0x8227: 2, // RG
  0x8228: 2, // RG_INTEGER
  0x190a: 2, // LUMINANCE_ALPHA
  0x1907: 3, // RGB
  0x8d98: 3, // RGB_INTEGER
  0x1908: 4, // RGBA
  0x8d99: 4, // RGBA_INTEGER
};
const TYPE_BYTES: Record<number, number> = {
  0x1400: 1, // BYTE
  0x1401: 1, // UNSIGNED_BYTE
  0x1402: 2, // SHORT
  0x1403: 2, // UNSIGNED_SHORT
  0x140b: 2, // HALF_FLOAT
  0x1404: 4, // INT
  0x1405: 4, // UNSIGNED_INT
  0x1406: 4, // FLOAT
};
/** Packed types: bytes per whole pixel, whatever the format. */
const PACKED_PIXEL_BYTES: Record<number, number> = {
  0x8363: 2, // UNSIGNED_SHORT_5_6_5
  0x8033: 2, // UNSIGNED_SHORT_4_4_4_4
  0x8034: 2, // UNSIGNED_SHORT_5_5_5_1
  0x8368: 4, // UNSIGNED_INT_2_10_10_10_REV
  0x8c3b: 4, // UNSIGNED_INT_10F_11F_11F_REV
  0x8c3e: 4, // UNSIGNED_INT_5_9_9_9_REV
  0x84fa: 4, // UNSIGNED_INT_24_8
  0x8dad: 8, // FLOAT_32_UNSIGNED_INT_24_8_REV
};

/** Bytes per pixel of a format and type (4 for a combination not listed). */
export function pixelBytes(format: unknown, type: unknown): number {
  const packed = PACKED_PIXEL_BYTES[Number(type)];
  if (packed) return packed;
  const channels = FORMAT_CHANNELS[Number(format)];
  const bytes = TYPE_BYTES[Number(type)];
  return channels && bytes ? channels * bytes : 4;
}

/** Pixels that come from the page: null or a pixel-unpack-buffer offset (a number) bring none. */
function fromPage(pixels: unknown): boolean {
  return pixels !== null && pixels !== undefined && typeof pixels !== 'number';
}

/** Width and height of an image source (ImageBitmap, ImageData, image, canvas, video). */
function sourceSize(source: unknown): number {
  const s = source as { width?: number; height?: number; videoWidth?: number; videoHeight?: number };
  const w = s.videoWidth ?? s.width ?? 0;
  const h = s.videoHeight ?? s.height ?? 0;
  return w * h;
}

/** texImage2D(target, level, internalformat, width, height, border, format, type, pixels[, srcOffset]) or (target, level, internalformat, format, type, source). */
export function texImage2DBytes(a: unknown[]): number {
  if (a.length === 6) return sourceSize(a[5]) * pixelBytes(a[3], a[4]);
  return fromPage(a[8]) ? Number(a[3]) * Number(a[4]) * pixelBytes(a[6], a[7]) : 0;
}

/** texSubImage2D(target, level, x, y, width, height, format, type, pixels[, srcOffset]) or (target, level, x, y, format, type, source). */
export function texSubImage2DBytes(a: unknown[]): number {
  if (a.length === 7) return sourceSize(a[6]) * pixelBytes(a[4], a[5]);
  return fromPage(a[8]) ? Number(a[4]) * Number(a[5]) * pixelBytes(a[6], a[7]) : 0;
}

/** texImage3D(target, level, internalformat, width, height, depth, border, format, type, pixels[, srcOffset]). */
export function texImage3DBytes(a: unknown[]): number {
  return fromPage(a[9]) ? Number(a[3]) * Number(a[4]) * Number(a[5]) * pixelBytes(a[7], a[8]) : 0;
}

/** texSubImage3D(target, level, x, y, z, width, height, depth, format, type, pixels[, srcOffset]). */
export function texSubImage3DBytes(a: unknown[]): number {
  return fromPage(a[10]) ? Number(a[5]) * Number(a[6]) * Number(a[7]) * pixelBytes(a[8], a[9]) : 0;
}
