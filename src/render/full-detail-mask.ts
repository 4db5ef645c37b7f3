/**
 * Which columns around the camera are loaded at full detail, as a texture the far-terrain
 * (LOD) shader reads to discard its fragments where a real column is already drawn.
 *
 * 128 x 128 texels, one byte each (16 KiB), addressed toroidally: column (cx, cz) is texel
 * (cx mod 128, cz mod 128), so the camera moving never shifts or re-uploads the texture,
 * only the `center` uniform changes. Column c and c + 128 share a texel; the shader breaks
 * the tie with the center: a column 64 or more away from it on either axis counts as not
 * loaded. That is exact as long as every loaded column lies within 64 columns of the camera,
 * which the streamer guarantees (it keeps columns within the render distance, at most 32,
 * plus a small margin).
 */
import * as THREE from 'three';

export const MASK_SIZE = 128;
/** Columns at this distance from the center or more (on either axis) read as not loaded. */
export const MASK_REACH = MASK_SIZE / 2;

export class FullDetailMask {
  readonly texture: THREE.DataTexture;
  /**
   * The camera's column: shared by reference with every material that reads the mask, so a
   * new center reaches them all without copying.
   */
  readonly center = new THREE.Vector2();
  private readonly texels = new Uint8Array(MASK_SIZE * MASK_SIZE);
  private disposed = false;

  constructor() {
    this.texture = new THREE.DataTexture(this.texels, MASK_SIZE, MASK_SIZE, THREE.RedFormat, THREE.UnsignedByteType);
    this.texture.name = 'full-detail mask';
    // Read with texelFetch: no filtering, no mipmaps.
    this.texture.magFilter = THREE.NearestFilter;
    this.texture.minFilter = THREE.NearestFilter;
    this.texture.generateMipmaps = false;
    this.texture.unpackAlignment = 1;
    this.texture.needsUpdate = true;
  }

  /** Texel index of column (cx, cz): both coordinates mod 128, negative ones included. */
  static texelOf(cx: number, cz: number): number {
    return (cz & (MASK_SIZE - 1)) * MASK_SIZE + (cx & (MASK_SIZE - 1));
  }

  setLoaded(cx: number, cz: number, loaded: boolean): void {
    if (this.disposed) return;
    const i = FullDetailMask.texelOf(cx, cz);
    const value = loaded ? 255 : 0;
    if (this.texels[i] === value) return;
    this.texels[i] = value;
    // needsUpdate only bumps the texture's version: the renderer uploads it once, at the next
    // draw that samples it, however many columns changed since. So at most once per frame.
    this.texture.needsUpdate = true;
  }

  /** Whether the shader would see column (cx, cz) as loaded (center window included). */
  isLoaded(cx: number, cz: number): boolean {
    if (Math.abs(cx - this.center.x) >= MASK_REACH || Math.abs(cz - this.center.y) >= MASK_REACH) return false;
    return this.texels[FullDetailMask.texelOf(cx, cz)] !== 0;
  }

  /** The camera's column. No upload: the texture is addressed toroidally. */
  setCenter(cx: number, cz: number): void {
    this.center.set(cx, cz);
  }

  /**
   * Points a LOD voxel material (createVoxelMaterial with `lod`) at this mask: its texture,
   * and its center by reference, so later setCenter calls reach the material as they are.
   */
  bind(material: THREE.ShaderMaterial): void {
    const { fullDetailMask, fullDetailCenter } = material.uniforms;
    if (!fullDetailMask || !fullDetailCenter) throw new Error(`material ${material.name} is not a LOD voxel material`);
    fullDetailMask.value = this.texture;
    fullDetailCenter.value = this.center;
  }

  /** Every column not loaded. */
  clear(): void {
    this.texels.fill(0);
    this.texture.needsUpdate = true;
  }

  get gpuBytes(): number {
    return this.texels.byteLength;
  }

  dispose(): void {
    if (this.disposed) return;
    this.disposed = true;
    this.texture.dispose();
  }
}
