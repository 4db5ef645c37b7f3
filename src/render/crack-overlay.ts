/**
 * The cracks on a block being broken: a cube over all six faces of the aimed block, textured
 * with one stage of the crack pattern (crack-pattern.ts). It sits on the block's own faces and
 * wins the depth test by polygon offset (nearer by a hair in depth, not in space), blended
 * over them, never writing depth: the outline and particles draw as before.
 */
import * as THREE from 'three';
import { DEFAULT_CRACK_PATTERN_OPTIONS, paintCracks } from './crack-pattern';

export class CrackOverlay {
  readonly object: THREE.Mesh;
  private readonly texture: THREE.DataTexture;
  private readonly material: THREE.MeshBasicMaterial;
  private readonly stages: number;
  private stage = -1;
  private readonly at = new THREE.Vector3();
  /** Changes to what is drawn, for the frame signature. */
  revision = 0;
  private disposed = false;

  constructor(options = DEFAULT_CRACK_PATTERN_OPTIONS) {
    this.stages = options.stages;
    this.texture = new THREE.DataTexture(paintCracks(options), options.stages * options.size, options.size);
    this.texture.magFilter = THREE.NearestFilter;
    this.texture.minFilter = THREE.NearestFilter;
    this.texture.repeat.set(1 / options.stages, 1);
    this.texture.needsUpdate = true;
    this.material = new THREE.MeshBasicMaterial({
      name: 'cracks',
      map: this.texture,
      color: 0x000000,
      transparent: true,
      depthWrite: false,
      polygonOffset: true,
      polygonOffsetFactor: -1,
      polygonOffsetUnits: -4,
    });
    this.object = new THREE.Mesh(new THREE.BoxGeometry(1, 1, 1), this.material);
    this.object.name = 'cracks';
    this.object.visible = false;
    // After the terrain (opaque and water) so it blends over what is there.
    this.object.renderOrder = 20;
  }

  /** Cracks of `stage` (0..stages-1) on the block at cell (x, y, z), or none (null or stage < 0). */
  show(cell: { x: number; y: number; z: number } | null, stage: number): void {
    const visible = cell !== null && stage >= 0;
    if (!visible) {
      if (this.object.visible) {
        this.object.visible = false;
        this.revision++;
      }
      return;
    }
    const s = Math.min(this.stages - 1, stage);
    if (this.object.visible && s === this.stage && this.at.x === cell.x && this.at.y === cell.y && this.at.z === cell.z) return;
    this.stage = s;
    this.at.set(cell.x, cell.y, cell.z);
    this.object.position.set(cell.x + 0.5, cell.y + 0.5, cell.z + 0.5);
    this.texture.offset.x = s / this.stages;
    this.object.visible = true;
    this.revision++;
  }

  /** The stage drawn, or -1. */
  get shownStage(): number {
    return this.object.visible ? this.stage : -1;
  }

  /** Safe twice. */
  dispose(): void {
    if (this.disposed) return;
    this.disposed = true;
    this.object.removeFromParent();
    this.object.geometry.dispose();
    this.material.dispose();
    this.texture.dispose();
  }
}
