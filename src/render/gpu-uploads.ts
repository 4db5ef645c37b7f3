/**
 * What the page hands to the GPU, and buffers allocated without uploading their empty tail
 * (docs/architecture.md §7, "Uploads").
 *
 * three.js creates a buffer with `gl.bufferData(target, attribute.array, usage)`: the whole
 * array, however little of it is filled. A batch arena (batched-pass.ts) is a fixed 1.5 MB
 * buffer that starts with one column in it, so each new arena sent megabytes of zeros through
 * Chrome's command buffer while the GPU process was busy drawing, and the main thread waited
 * (frames of seconds at R = 32 on SwiftShader). three offers no way to allocate without data,
 * so this wraps the renderer's context once: for an array registered with `allocateLazily`,
 * bufferData allocates the full size with no data (WebGL zero-fills it on the GPU side) and
 * then sends only the filled prefix with bufferSubData. Everything else passes through.
 *
 * The prefix is asked for at the moment the buffer is created, so it is also right after a
 * lost context is restored: three then re-creates every buffer from its array, and the
 * whole live content (the prefix) goes up again.
 *
 * It also counts the bytes actually handed over (bufferData, bufferSubData, texImage and
 * texSubImage, 2D and 3D): the honest measure of upload traffic, for stats() and the bench.
 * `epoch` counts restored contexts: every buffer and texture of an older one is gone from the GPU.
 */

/** The context methods wrapped here (a WebGL2RenderingContext, or a fake one in tests). */
export interface UploadContext {
  bufferData(...args: unknown[]): void;
  bufferSubData(...args: unknown[]): void;
  texImage2D(...args: unknown[]): void;
  texSubImage2D(...args: unknown[]): void;
  texImage3D(...args: unknown[]): void;
  texSubImage3D(...args: unknown[]): void;
  readonly canvas?: unknown;
}

const WRAPPED = ['bufferData', 'bufferSubData', 'texImage2D', 'texSubImage2D', 'texImage3D', 'texSubImage3D'] as const;
type Wrapped = (typeof WRAPPED)[number];

/** How many bytes of an array's start hold data, asked when its buffer is created. */
export type FilledBytes = () => number;

/** What batches need of the uploads: lazy allocation. */
export interface LazyBuffers {
  allocateLazily(array: ArrayBufferView, filledBytes: FilledBytes): void;
}

export class GpuUploads implements LazyBuffers {
  /** Bytes handed to the GPU since this was made. */
  bytes = 0;
  /** Bytes of buffers allocated lazily that were not uploaded (the empty tails skipped). */
  skippedBytes = 0;
  /** Restored contexts seen: every buffer and texture of an older epoch is gone from the GPU. */
  epoch = 0;
  private readonly lazy = new WeakMap<ArrayBufferView, FilledBytes>();
  private readonly originals = new Map<Wrapped, PropertyDescriptor | undefined>();
  private readonly target: EventTarget | null;
  private readonly onRestored = () => this.epoch++;
  private disposed = false;

  constructor(private readonly gl: UploadContext) {
    const call = <K extends Wrapped>(name: K) => {
      const original = gl[name];
      return (...args: unknown[]) => original.apply(gl, args);
    };
    const raw = { bufferData: call('bufferData'), bufferSubData: call('bufferSubData') };
    const counted: Record<Wrapped, (...args: unknown[]) => void> = {
      bufferData: (...args) => {
        const [target, data, usage] = args;
        const filled = args.length === 3 && ArrayBuffer.isView(data) ? this.lazy.get(data) : undefined;
        if (!filled) {
          this.bytes += bufferDataBytes(args);
          raw.bufferData(...args);
          return;
        }
        const view = data as ArrayBufferView;
        const size = elementSize(view);
        // Whole elements, never past the end.
        const bytes = Math.min(view.byteLength, Math.max(0, Math.ceil(filled() / size) * size));
        raw.bufferData(target, view.byteLength, usage);
        if (bytes > 0) raw.bufferSubData(target, 0, view, 0, bytes / size);
        this.bytes += bytes;
        this.skippedBytes += view.byteLength - bytes;
      },
      bufferSubData: (...args) => {
        this.bytes += bufferSubDataBytes(args);
        raw.bufferSubData(...args);
      },
      texImage2D: this.counting(call('texImage2D'), texImage2DBytes),
      texSubImage2D: this.counting(call('texSubImage2D'), texSubImage2DBytes),
      texImage3D: this.counting(call('texImage3D'), texImage3DBytes),
      texSubImage3D: this.counting(call('texSubImage3D'), texSubImage3DBytes),
    };
    for (const name of WRAPPED) {
      this.originals.set(name, Object.getOwnPropertyDescriptor(gl, name));
      Object.defineProperty(gl, name, { configurable: true, writable: true, value: counted[name] });
    }
    const canvas = gl.canvas as EventTarget | undefined;
    this.target = canvas && typeof canvas.addEventListener === 'function' ? canvas : null;
    this.target?.addEventListener('webglcontextrestored', this.onRestored);
  }

  /**
   * Creates the buffer of `array` (when three first uploads it, or again after a lost
   * context) at its full size, sending only its first `filledBytes()` bytes.
   */
  allocateLazily(array: ArrayBufferView, filledBytes: FilledBytes): void {
    if (!this.disposed) this.lazy.set(array, filledBytes);
  }

  /** The context's own methods back, the listener removed. Safe to call twice. */
  dispose(): void {
    if (this.disposed) return;
    this.disposed = true;
    for (const [name, descriptor] of this.originals) {
      if (descriptor) Object.defineProperty(this.gl, name, descriptor);
      else delete (this.gl as unknown as Record<string, unknown>)[name];
    }
    this.originals.clear();
    this.target?.removeEventListener('webglcontextrestored', this.onRestored);
  }

  private counting(original: (...args: unknown[]) => void, bytesOf: (args: unknown[]) => number) {
    return (...args: unknown[]) => {
      this.bytes += bytesOf(args);
      original(...args);
    };
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
