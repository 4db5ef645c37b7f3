/**
 * How many bytes of geometry a frame may hand to the GPU (docs/architecture.md §4, "The upload
 * budget"). The time budget (apply-budget.ts) bounds what putting results into batches costs
 * the main thread, but not what the GPU process is then sent: three uploads it while drawing,
 * and Chrome's main thread waits whenever the GPU process is still busy with earlier frames,
 * so a burst of megabytes in one frame made frames of seconds on SwiftShader. A frame stops
 * applying results once their bytes are spent, and the rest wait for the next frame, nearest
 * first.
 *
 * The allowance is a rate, not a fixed amount: a frame may upload in proportion to how long
 * the last one took, never less than a base. A fixed amount ties throughput to the frame
 * rate: at R = 32 on SwiftShader (a frame a second on a busy machine) 512 KB a frame let the
 * workers finish twice as fast as their results could be shown, and the last tenth of the
 * load took minutes. Beside a slow frame, a proportionally larger upload costs proportionally
 * little.
 */
import type { ColumnMeshData } from '../../mesh';
import type { LodSplit } from '../../mesh/lod-split';

export interface UploadBudgetOptions {
  /** Bytes any frame may upload, however fast the last one was. */
  baseBytes: number;
  /** Bytes per millisecond of the last frame's duration, when that gives more than the base. */
  bytesPerFrameMs: number;
  /** Bytes no frame may exceed, however slow the last one was. */
  maxBytes: number;
}

/**
 * The rate was measured when a quad took 48 bytes (four 6-byte vertices, six 32-bit indices);
 * block light made the material 32-bit, so a column quad takes 56. The rate is scaled by
 * 56 / 48, so a slow frame shows as many quads as before: at the old rate a world took a
 * quarter longer to load on SwiftShader, for the same stalls per quad. The base stays: it is
 * what keeps the default flight under 1 MB a frame.
 */
const QUAD_BYTES_SCALE = 56 / 48;

export const DEFAULT_UPLOAD_BUDGET_OPTIONS: Readonly<UploadBudgetOptions> = Object.freeze({
  baseBytes: 512 * 1024,
  bytesPerFrameMs: Math.round(8 * 1024 * QUAD_BYTES_SCALE),
  maxBytes: 32 * 1024 * 1024,
});

/** The bytes this frame may upload, given the last frame's duration in ms. */
export function uploadBudgetBytes(lastFrameMs: number, options: UploadBudgetOptions = DEFAULT_UPLOAD_BUDGET_OPTIONS): number {
  if (!Number.isFinite(lastFrameMs)) return options.baseBytes;
  return Math.max(options.baseBytes, Math.min(options.maxBytes, lastFrameMs * options.bytesPerFrameMs));
}

/**
 * What putting a mesh into the batches sends to the GPU: its packed vertex words and
 * materials, and its indices as the batches hold them (32-bit in the large arenas), plus its
 * instance matrix. An estimate made before the mesh is placed (the renderer's counter,
 * GpuUploads, has the real figure).
 */
export function meshUploadBytes(mesh: ColumnMeshData): number {
  const indices = mesh.opaqueIndexCount + mesh.cutoutIndexCount + mesh.translucentIndexCount;
  return mesh.vertices.byteLength + mesh.materials.byteLength + indices * 4 + MATRIX_BYTES;
}

/** A far region's items (src/mesh/lod-split.ts): their shared arrays as above, and a matrix per item. */
export function lodUploadBytes(split: LodSplit): number {
  return split.vertices.byteLength + split.materials.byteLength + split.indices.length * 4 + split.items.length * MATRIX_BYTES;
}

/** One instance matrix: 16 floats. */
const MATRIX_BYTES = 64;
