/**
 * A fixed pool of small particles (a broken block's bits): thrown out, pulled down, stopped
 * by the ground, gone within a second. Pure and allocation-free after construction: the
 * arrays are sized once (float64: world coordinates far from the origin keep their fraction)
 * and live particles are kept packed at the front (a dead one is replaced by the last), so a
 * renderer draws the first `count` of them in one call.
 *
 * Collision is deliberately cheap: one cell lookup per particle per step. A particle falling
 * into a solid cell comes to rest on top of it; one moving sideways into a wall stops
 * moving sideways. No bouncing: bits of block settle, as in Minecraft.
 */
export interface ParticleOptions {
  /** Particles held at most; spawning past it replaces nothing (the extra ones are not made). */
  capacity: number;
  /** Downward acceleration, blocks per second squared. */
  gravity: number;
  /** Horizontal speed kept per second while resting on the ground (friction). */
  groundKeep: number;
}

export const DEFAULT_PARTICLE_OPTIONS: Readonly<ParticleOptions> = Object.freeze({
  capacity: 256,
  gravity: 16,
  groundKeep: 0.02,
});

/** What one particle is spawned with; the renderer reads `tile`, `u` and `v` back per particle. */
export interface ParticleSpawn {
  x: number;
  y: number;
  z: number;
  vx: number;
  vy: number;
  vz: number;
  /** Seconds it lives. */
  life: number;
  /** Edge length in blocks at birth (it shrinks to nothing). */
  size: number;
  /** Texture layer, and the corner of its sub-square in the tile (0..1). */
  tile: number;
  u: number;
  v: number;
  /** Brightness 0..1 (the light where the block was). */
  light: number;
}

/** True where a particle cannot be (a colliding block). */
export type SolidAt = (x: number, y: number, z: number) => boolean;

/** Per-particle fields, each a Float64Array of `capacity` (index i is particle i). */
const FIELDS = ['x', 'y', 'z', 'vx', 'vy', 'vz', 'age', 'life', 'size', 'tile', 'u', 'v', 'light'] as const;
type Field = (typeof FIELDS)[number];

export class ParticlePool {
  readonly options: ParticleOptions;
  /** Live particles: indices 0..count-1. */
  count = 0;
  readonly x: Float64Array;
  readonly y: Float64Array;
  readonly z: Float64Array;
  readonly vx: Float64Array;
  readonly vy: Float64Array;
  readonly vz: Float64Array;
  readonly age: Float64Array;
  readonly life: Float64Array;
  readonly size: Float64Array;
  readonly tile: Float64Array;
  readonly u: Float64Array;
  readonly v: Float64Array;
  readonly light: Float64Array;
  private readonly fields: Float64Array[];

  constructor(options: Partial<ParticleOptions> = {}) {
    this.options = { ...DEFAULT_PARTICLE_OPTIONS, ...options };
    const n = this.options.capacity;
    const make = () => new Float64Array(n);
    this.x = make();
    this.y = make();
    this.z = make();
    this.vx = make();
    this.vy = make();
    this.vz = make();
    this.age = make();
    this.life = make();
    this.size = make();
    this.tile = make();
    this.u = make();
    this.v = make();
    this.light = make();
    this.fields = FIELDS.map((f: Field) => this[f]);
  }

  /** Adds one particle; false when the pool is full. */
  spawn(p: ParticleSpawn): boolean {
    if (this.count >= this.options.capacity) return false;
    const i = this.count++;
    this.x[i] = p.x;
    this.y[i] = p.y;
    this.z[i] = p.z;
    this.vx[i] = p.vx;
    this.vy[i] = p.vy;
    this.vz[i] = p.vz;
    this.age[i] = 0;
    this.life[i] = p.life;
    this.size[i] = p.size;
    this.tile[i] = p.tile;
    this.u[i] = p.u;
    this.v[i] = p.v;
    this.light[i] = p.light;
    return true;
  }

  /** How far through its life particle i is, 0..1: the renderer shrinks and fades by it. */
  fade(i: number): number {
    return Math.min(1, this.age[i]! / this.life[i]!);
  }

  /** Advances every particle by dt seconds against the world; the dead are removed. */
  step(dt: number, solidAt: SolidAt): void {
    const { gravity, groundKeep } = this.options;
    const keep = Math.pow(groundKeep, dt);
    let i = 0;
    while (i < this.count) {
      const age = this.age[i]! + dt;
      if (age >= this.life[i]!) {
        this.removeAt(i);
        continue; // the last particle moved into i: step it too
      }
      this.age[i] = age;
      const x0 = this.x[i]!;
      const y0 = this.y[i]!;
      const z0 = this.z[i]!;
      this.vy[i] = this.vy[i]! - gravity * dt;
      let x = x0 + this.vx[i]! * dt;
      let z = z0 + this.vz[i]! * dt;
      const y = y0 + this.vy[i]! * dt;
      if (solidAt(Math.floor(x), Math.floor(y0), Math.floor(z))) {
        // Into a wall: stop sideways, stay where it was.
        x = x0;
        z = z0;
        this.vx[i] = 0;
        this.vz[i] = 0;
      }
      if (this.vy[i]! < 0 && solidAt(Math.floor(x), Math.floor(y), Math.floor(z))) {
        // Onto the ground: rest on the cell's top (it came from above, or sits where a block now is).
        this.y[i] = Math.max(y, Math.floor(y) + 1);
        this.vy[i] = 0;
        this.vx[i] = this.vx[i]! * keep;
        this.vz[i] = this.vz[i]! * keep;
      } else {
        this.y[i] = y;
      }
      this.x[i] = x;
      this.z[i] = z;
      i++;
    }
  }

  /** Removes every particle. */
  clear(): void {
    this.count = 0;
  }

  private removeAt(i: number): void {
    const last = --this.count;
    if (i === last) return;
    for (const f of this.fields) f[i] = f[last]!;
  }
}
