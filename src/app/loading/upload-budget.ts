/**
 * How many bytes of geometry a frame may hand to the GPU (docs/architecture.md §4, "The apply
 * budget"). The time budget (apply-budget.ts) bounds what putting results into batches costs
 * the main thread, but not what the GPU process is sent: three uploads it while drawing, and
 * Chrome's main thread waits whenever the GPU process is still busy with earlier frames. On
 * SwiftShader a few megabytes in one frame made frames of seconds. So a frame also stops
 * applying results once their bytes are spent, and the rest wait for the next frame, nearest
 * first. While much of the view is missing (the first load, a teleport) the player waits for
 * terrain, not frames, and the allowance is larger, as the time budget's is.
 */
import type { ColumnMeshData } from '../../mesh';

export interface UploadBudgetOptions {
  /** Bytes a frame may upload when the view is (nearly) complete. */
  baseBytes: number;
  /** Bytes a frame may upload while catching up. */
  catchUpBytes: number;
  /** Catching up means less than this share of the wanted terrain is on screen (as the time budget's). */
  completeShare: number;
}

export const DEFAULT_UPLOAD_BUDGET_OPTIONS: Readonly<UploadBudgetOptions> = Object.freeze({
  baseBytes: 512 * 1024,
  catchUpBytes: 4 * 1024 * 1024,
  completeShare: 0.8,
});

/** The bytes this frame may upload, given the share (0..1) of wanted terrain on screen. */
export function uploadBudgetBytes(shareOnScreen: number, options: UploadBudgetOptions = DEFAULT_UPLOAD_BUDGET_OPTIONS): number {
  return shareOnScreen < options.completeShare ? options.catchUpBytes : options.baseBytes;
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

/** One instance matrix: 16 floats. */
const MATRIX_BYTES = 64;
