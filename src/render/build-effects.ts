/**
 * What building shows besides the terrain: a broken block's particles, the cracks on a block
 * being broken, and placed blocks drawn until their column's mesh arrives. One object the
 * scene owns (it holds the block textures), shared by every world on screen; each part is
 * one draw call, and nothing is drawn while none is in use.
 */
import * as THREE from 'three';
import type { SolidAt } from '../physics/particles';
import { BreakParticles } from './break-particles';
import { CrackOverlay } from './crack-overlay';
import { PendingBlocks } from './pending-blocks';

/** The longest step particles take in one frame. */
const MAX_STEP_SECONDS = 0.1;

export class BuildEffects {
  readonly group = new THREE.Group();
  readonly particles: BreakParticles;
  readonly cracks = new CrackOverlay();
  readonly pending: PendingBlocks;
  private steps = 0;
  private disposed = false;

  constructor(tiles: THREE.Texture) {
    this.particles = new BreakParticles(tiles);
    this.pending = new PendingBlocks(tiles);
    this.group.name = 'build effects';
    this.group.add(this.particles.object, this.cracks.object, this.pending.object);
  }

  /** One frame: particles fall against the world (`solidAt`), cubes waiting for their mesh age. */
  update(dt: number, solidAt: SolidAt): void {
    if (this.disposed) return;
    // Moving particles change the picture every frame; the last step clears them from it.
    if (this.particles.count > 0) this.steps++;
    // A long frame (a hitch, a slow software GPU) slows the bits down rather than ending
    // them unseen or moving them through the ground in one step.
    this.particles.update(Math.min(dt, MAX_STEP_SECONDS), solidAt);
    this.pending.update(dt);
  }

  /** Before drawing: particle sizes follow the camera's field of view and the canvas's height in pixels. */
  follow(camera: THREE.PerspectiveCamera, bufferHeight: number): void {
    this.particles.setPixelScale(bufferHeight / (2 * Math.tan((camera.fov * Math.PI) / 360)));
  }

  /** The time of day's daylight (1 by day, the moonlit floor at night): bits and cubes are lit as the terrain is. */
  setDaylight(daylight: number): void {
    for (const m of [this.particles.object.material, this.pending.object.material] as THREE.ShaderMaterial[]) m.uniforms.daylight!.value = daylight;
  }

  /** Changes to what is drawn, for the scene's frame signature. */
  get revision(): number {
    return this.steps + this.cracks.revision + this.pending.revision;
  }

  /** Forgets every particle, crack and cube (another world is shown). */
  clear(): void {
    this.particles.clear();
    this.cracks.show(null, -1);
    this.pending.clear();
    this.steps++;
  }

  /** Safe twice. */
  dispose(): void {
    if (this.disposed) return;
    this.disposed = true;
    this.group.removeFromParent();
    this.particles.dispose();
    this.cracks.dispose();
    this.pending.dispose();
  }
}
