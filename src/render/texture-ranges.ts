/**
 * A DataTexture uploaded in ranges where that is safe. BatchedMesh keeps each instance's
 * matrix in a float texture and flags the whole texture for upload whenever one matrix
 * changes: every arriving column sent the matrices of every column of its arena. three
 * uploads only a texture's `updateRanges` when it has any, but it does so on the texture's
 * first upload too (it allocates with texStorage2D, then sends just the ranges), which would
 * leave the rest of a new texture, or of every texture after a lost context is restored,
 * empty on the GPU. So the ranges are shown to three only while the GPU holds this texture
 * from an earlier upload in the current context (GpuUploads.epoch); otherwise three sees
 * none and uploads it whole, as before.
 */
import type * as THREE from 'three';

interface Range {
  start: number;
  count: number;
}

export class TextureRanges {
  private texture: THREE.Texture | null = null;
  private readonly pending: Range[] = [];
  /** The context epoch of the texture's last upload (-1: never uploaded). */
  private uploadedIn = -1;

  constructor(private readonly uploads: { readonly epoch: number }) {}

  /** Takes over `texture` (a new one after BatchedMesh re-creates its textures): its first upload is whole. */
  track(texture: THREE.Texture): void {
    if (texture === this.texture) return;
    this.texture = texture;
    this.pending.length = 0;
    this.uploadedIn = -1;
    Object.defineProperty(texture, 'updateRanges', {
      configurable: true,
      // A fresh array when the ranges cannot be used: three then uploads the whole texture.
      get: () => (this.isResident() ? this.pending : []),
    });
    texture.onUpdate = () => {
      this.pending.length = 0;
      this.uploadedIn = this.uploads.epoch;
    };
  }

  /** Components [start, start + count) of the texture's data changed (the texture is flagged for upload). */
  mark(start: number, count: number): void {
    if (!this.texture) return;
    // Not resident: the next upload is whole anyway, so ranges would only pile up.
    if (this.isResident()) this.pending.push({ start, count });
    this.texture.needsUpdate = true;
  }

  /** Whether the GPU holds the texture as of its last upload, so ranges are enough. */
  private isResident(): boolean {
    return this.uploadedIn === this.uploads.epoch;
  }
}
