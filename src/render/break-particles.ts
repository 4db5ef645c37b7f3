/**
 * A broken block's bits: a few small squares, each a random 4 x 4-texel piece of the block's
 * side tile, thrown out of the block, falling and settling, shrinking away within a second.
 * The motion is the pure ParticlePool (src/physics/particles.ts); this draws every live
 * particle with one draw call: `THREE.Points` over buffers sized once for the pool, a
 * screen-facing square each (as Minecraft's particles face the camera), its texel square
 * read from the block texture array. No allocation per frame: a frame rewrites the first
 * `count` entries of the buffers and sets the draw range.
 */
import * as THREE from 'three';
import { ParticlePool, type SolidAt } from '../physics/particles';
import { BLOCK_FACE_TILE, Face, FACE_COUNT, Tile, TILE_TINT, TileTint } from '../world/blocks';

/** A particle's piece of its tile: 4 of 16 texels a side. */
const PIECE = 4 / 16;
/** Foliage and grass tiles are grey in the atlas (tinted by climate in the terrain shader): a middling green here. */
const GRASS_TINT = new THREE.Color(0x79c05a);
const FOLIAGE_TINT = new THREE.Color(0x59ae30);

export interface BreakParticlesOptions {
  /** Particles per broken block, at least and at most. */
  minPerBlock: number;
  maxPerBlock: number;
  /** Seconds a particle lives, at least and at most. */
  minLife: number;
  maxLife: number;
}

export const DEFAULT_BREAK_PARTICLES_OPTIONS: Readonly<BreakParticlesOptions> = Object.freeze({
  minPerBlock: 12,
  maxPerBlock: 16,
  minLife: 0.6,
  maxLife: 1,
});

const vertexShader = /* glsl */ `
in float size;
in vec3 piece;
in vec3 color;
uniform float pixelScale;
out vec3 vPiece;
out vec3 vColor;
#include <fog_pars_vertex>
void main() {
  vec4 mvPosition = modelViewMatrix * vec4(position, 1.0);
  gl_Position = projectionMatrix * mvPosition;
  // Blocks to pixels at this depth: the square keeps its size in the world.
  gl_PointSize = max(1.0, size * pixelScale / -mvPosition.z);
  vPiece = piece;
  vColor = color;
  #include <fog_vertex>
}
`;

const fragmentShader = /* glsl */ `
precision highp sampler2DArray;
uniform sampler2DArray tiles;
// The time of day's scale of the sky's light (day-sky.ts), as the terrain has it.
uniform float daylight;
in vec3 vPiece;
in vec3 vColor;
#include <fog_pars_fragment>
void main() {
  vec4 texel = texture(tiles, vec3(vPiece.xy + gl_PointCoord * ${PIECE}, vPiece.z));
  if (texel.a < 0.5) discard;
  gl_FragColor = vec4(texel.rgb * vColor * daylight, 1.0);
  #include <tonemapping_fragment>
  #include <colorspace_fragment>
  #include <fog_fragment>
}
`;

export class BreakParticles {
  readonly pool: ParticlePool;
  readonly object: THREE.Points;
  private readonly geometry = new THREE.BufferGeometry();
  private readonly material: THREE.ShaderMaterial;
  private readonly positions: THREE.BufferAttribute;
  private readonly sizes: THREE.BufferAttribute;
  private readonly pieces: THREE.BufferAttribute;
  private readonly colors: THREE.BufferAttribute;
  private readonly attributes: readonly THREE.BufferAttribute[];
  private readonly scratch = new THREE.Color();
  /** Tiles drawn tinted (grass tops, leaves): filled by burst, read by update. */
  private readonly tints = new Map<number, THREE.Color>();
  private disposed = false;

  constructor(tiles: THREE.Texture, private readonly options: BreakParticlesOptions = DEFAULT_BREAK_PARTICLES_OPTIONS, pool = new ParticlePool()) {
    this.pool = pool;
    const n = pool.options.capacity;
    const attribute = (size: number) => new THREE.BufferAttribute(new Float32Array(n * size), size).setUsage(THREE.DynamicDrawUsage);
    this.positions = attribute(3);
    this.sizes = attribute(1);
    this.pieces = attribute(3);
    this.colors = attribute(3);
    this.geometry.setAttribute('position', this.positions);
    this.geometry.setAttribute('size', this.sizes);
    this.geometry.setAttribute('piece', this.pieces);
    this.geometry.setAttribute('color', this.colors);
    this.attributes = [this.positions, this.sizes, this.pieces, this.colors];
    this.geometry.setDrawRange(0, 0);
    this.material = new THREE.ShaderMaterial({
      name: 'break-particles',
      vertexShader,
      fragmentShader,
      uniforms: THREE.UniformsUtils.merge([THREE.UniformsLib.fog, { tiles: { value: null }, pixelScale: { value: 500 }, daylight: { value: 1 } }]),
      fog: true,
    });
    // UniformsUtils.merge clones values; the texture is shared.
    this.material.uniforms.tiles!.value = tiles;
    this.object = new THREE.Points(this.geometry, this.material);
    this.object.name = 'break particles';
    // The bounds change every frame; the few particles are always near the eye.
    this.object.frustumCulled = false;
    // Hidden while no bit flies (its program is built on the first break, not on every load).
    this.object.visible = false;
  }

  /** Live particles. */
  get count(): number {
    return this.pool.count;
  }

  /**
   * Throws out the bits of `block` broken at cell (x, y, z). `light` (0..1) darkens them as
   * the place was lit; `random` is the effect's own randomness (nothing depends on it).
   */
  burst(block: number, x: number, y: number, z: number, light = 1, random: () => number = Math.random): void {
    const o = this.options;
    let tile = BLOCK_FACE_TILE[block * FACE_COUNT + Face.PosX];
    if (tile === undefined) return;
    // A grass side is dirt with a fringe laid over it in the terrain shader: its bits are dirt.
    if (TILE_TINT[tile] === TileTint.GrassOverlay) tile = Tile.Dirt;
    const tint = TILE_TINT[tile] === TileTint.Grass ? GRASS_TINT : TILE_TINT[tile] === TileTint.Foliage ? FOLIAGE_TINT : null;
    // Positions are kept relative to a block near them: float32 far from the world's origin would step.
    if (this.pool.count === 0) this.object.position.set(x, y, z);
    const count = o.minPerBlock + Math.floor(random() * (o.maxPerBlock - o.minPerBlock + 1));
    for (let i = 0; i < count; i++) {
      const px = 0.15 + random() * 0.7;
      const py = 0.15 + random() * 0.7;
      const pz = 0.15 + random() * 0.7;
      // Outward from the block's centre, and up: a small burst, not an explosion.
      const made = this.pool.spawn({
        x: x + px,
        y: y + py,
        z: z + pz,
        vx: (px - 0.5) * 5 + (random() - 0.5),
        vy: 1.5 + random() * 2.5,
        vz: (pz - 0.5) * 5 + (random() - 0.5),
        life: o.minLife + random() * (o.maxLife - o.minLife),
        size: 0.08 + random() * 0.07,
        tile,
        // Whole texels, so a piece never straddles the tile's edge.
        u: Math.floor(random() * 13) / 16,
        v: Math.floor(random() * 13) / 16,
        light: light * (0.85 + random() * 0.15),
      });
      if (!made) return;
    }
    if (tint) this.tints.set(tile, tint);
  }

  /** Blocks to pixels at depth 1: the drawing buffer's height over 2 tan(fov / 2). */
  setPixelScale(scale: number): void {
    this.material.uniforms.pixelScale!.value = scale;
  }

  /** Steps the particles by dt against the world and writes the buffers the next draw reads. */
  update(dt: number, solidAt: SolidAt): void {
    if (this.disposed) return;
    const pool = this.pool;
    if (pool.count > 0) pool.step(dt, solidAt);
    const n = pool.count;
    const base = this.object.position;
    const pos = this.positions.array as Float32Array;
    const size = this.sizes.array as Float32Array;
    const piece = this.pieces.array as Float32Array;
    const color = this.colors.array as Float32Array;
    for (let i = 0; i < n; i++) {
      const fade = pool.fade(i);
      pos[i * 3] = pool.x[i]! - base.x;
      pos[i * 3 + 1] = pool.y[i]! + pool.size[i]! * 0.5 - base.y;
      pos[i * 3 + 2] = pool.z[i]! - base.z;
      // Full size for most of its life, then shrinking to nothing.
      size[i] = pool.size[i]! * Math.min(1, (1 - fade) * 2.5);
      piece[i * 3] = pool.u[i]!;
      piece[i * 3 + 1] = pool.v[i]!;
      piece[i * 3 + 2] = pool.tile[i]!;
      const tint = this.tints.get(pool.tile[i]!);
      const light = pool.light[i]!;
      const c = tint ? this.scratch.copy(tint).multiplyScalar(light) : this.scratch.setScalar(light);
      color[i * 3] = c.r;
      color[i * 3 + 1] = c.g;
      color[i * 3 + 2] = c.b;
    }
    this.geometry.setDrawRange(0, n);
    this.object.visible = n > 0;
    if (n > 0) for (const a of this.attributes) a.needsUpdate = true;
  }

  /** Removes every particle (a world switch). */
  clear(): void {
    this.pool.clear();
    this.geometry.setDrawRange(0, 0);
    this.object.visible = false;
  }

  /** Frees the buffers and the material (the texture belongs to the scene). Safe twice. */
  dispose(): void {
    if (this.disposed) return;
    this.disposed = true;
    this.object.removeFromParent();
    this.geometry.dispose();
    this.material.dispose();
  }
}
