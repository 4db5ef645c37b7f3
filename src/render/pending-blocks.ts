/**
 * Blocks the player just placed, drawn at once as plain textured cubes until their column's
 * new mesh is on screen. An edit reaches the terrain through a worker: the column is built
 * again with the edit and its mesh replaces the old one in the frame it is applied
 * (BatchedLayer.set removes and adds in one call, so there is never a frame without the
 * column); but between the click and that frame lie a task for the request, the worker's
 * build and the frame that applies it, so the new block appeared a few frames late. This
 * overlay fills that gap: a cube is added in the click's own task and removed by the
 * column layer in the very call that puts the column's new mesh in (ColumnMeshes.set), so
 * the two are never both missing nor both drawn for a frame. Any mesh set for that column
 * after the edit includes it: the request book drops replies of older revisions.
 *
 * One InstancedMesh: one draw call for all of them. Lighting is a fixed shade per face, not
 * the terrain's skylight and AO, which only the worker knows; it lasts a few frames.
 */
import * as THREE from 'three';
import { COLUMN_SIZE } from '../world/coords';
import { BLOCK_FACE_TILE, FACE_COUNT, Tile, TILE_COUNT, TILE_TINT, TileTint } from '../world/blocks';

export interface PendingBlocksOptions {
  /** Cubes drawn at most; the oldest gives way. */
  capacity: number;
  /** Seconds after which a cube goes even if no mesh came (its column unloaded, or failed). */
  maxAgeSeconds: number;
}

export const DEFAULT_PENDING_BLOCKS_OPTIONS: Readonly<PendingBlocksOptions> = Object.freeze({ capacity: 64, maxAgeSeconds: 5 });

interface Pending {
  x: number;
  y: number;
  z: number;
  block: number;
  age: number;
}

const vertexShader = /* glsl */ `
in vec3 tilesA;
in vec3 tilesB;
out vec3 vUv;
out float vShade;
out float vTint;
out float vOverlay;
const int TILE_TINT[${TILE_COUNT}] = int[${TILE_COUNT}](${Array.from(TILE_TINT).join(', ')});
// Faces in BoxGeometry's order, which is ours (+x, -x, +y, -y, +z, -z): about what the sun
// and sky give the terrain's faces.
const float SHADE[6] = float[6](0.82, 0.72, 1.0, 0.5, 0.9, 0.66);
#include <fog_pars_vertex>
void main() {
  int face = gl_VertexID / 4;
  float tiles[6] = float[6](tilesA.x, tilesA.y, tilesA.z, tilesB.x, tilesB.y, tilesB.z);
  float tile = tiles[face];
  int tint = TILE_TINT[int(tile)];
  vTint = float(tint);
  vOverlay = tint == ${TileTint.GrassOverlay} ? 1.0 : 0.0;
  // The tile's first row at the top of a side, as the terrain draws it.
  vUv = vec3(uv.x, 1.0 - uv.y, tile);
  vShade = SHADE[face];
  vec4 mvPosition = modelViewMatrix * instanceMatrix * vec4(position, 1.0);
  gl_Position = projectionMatrix * mvPosition;
  #include <fog_vertex>
}
`;

const fragmentShader = /* glsl */ `
precision highp sampler2DArray;
uniform sampler2DArray tiles;
// The time of day's scale of the sky's light (day-sky.ts), as the terrain has it.
uniform float daylight;
in vec3 vUv;
in float vShade;
in float vTint;
in float vOverlay;
#include <fog_pars_fragment>
const vec3 GRASS = vec3(0.19, 0.52, 0.1);
const vec3 FOLIAGE = vec3(0.1, 0.42, 0.03);
void main() {
  vec4 texel = texture(tiles, vUv);
  if (texel.a < 0.5) discard;
  vec3 color = texel.rgb;
  if (vOverlay > 0.5) {
    vec4 fringe = texture(tiles, vec3(vUv.xy, ${Tile.GrassSideOverlay}.0));
    color = mix(color, fringe.rgb * GRASS, fringe.a);
  } else if (vTint > 1.5) color *= FOLIAGE;
  else if (vTint > 0.5) color *= GRASS;
  gl_FragColor = vec4(color * vShade * daylight, 1.0);
  #include <tonemapping_fragment>
  #include <colorspace_fragment>
  #include <fog_fragment>
}
`;

export class PendingBlocks {
  readonly object: THREE.InstancedMesh;
  private readonly list: Pending[] = [];
  private readonly tilesA: THREE.InstancedBufferAttribute;
  private readonly tilesB: THREE.InstancedBufferAttribute;
  private readonly material: THREE.ShaderMaterial;
  private readonly matrix = new THREE.Matrix4();
  private readonly options: PendingBlocksOptions;
  /** Changes to what is drawn, for the frame signature. */
  revision = 0;
  private disposed = false;

  constructor(tiles: THREE.Texture, options: Partial<PendingBlocksOptions> = {}) {
    this.options = { ...DEFAULT_PENDING_BLOCKS_OPTIONS, ...options };
    const n = this.options.capacity;
    const geometry = new THREE.BoxGeometry(1, 1, 1);
    this.tilesA = new THREE.InstancedBufferAttribute(new Float32Array(n * 3), 3);
    this.tilesB = new THREE.InstancedBufferAttribute(new Float32Array(n * 3), 3);
    geometry.setAttribute('tilesA', this.tilesA);
    geometry.setAttribute('tilesB', this.tilesB);
    this.material = new THREE.ShaderMaterial({
      name: 'pending-blocks',
      vertexShader,
      fragmentShader,
      uniforms: THREE.UniformsUtils.merge([THREE.UniformsLib.fog, { tiles: { value: null }, daylight: { value: 1 } }]),
      fog: true,
    });
    this.material.uniforms.tiles!.value = tiles;
    this.object = new THREE.InstancedMesh(geometry, this.material, n);
    this.object.name = 'pending blocks';
    this.object.count = 0;
    // Hidden while empty: three would otherwise build its program on the first frame of every
    // load (a link on a software GPU), for a cube most sessions never draw.
    this.object.visible = false;
    this.object.frustumCulled = false;
  }

  /** Blocks drawn now. */
  get count(): number {
    return this.list.length;
  }

  /** Draws `block` at cell (x, y, z) until its column's next mesh (or air: nothing to draw, any cube there goes). */
  add(x: number, y: number, z: number, block: number): void {
    this.removeWhere((p) => p.x === x && p.y === y && p.z === z);
    if (BLOCK_FACE_TILE[block * FACE_COUNT] === undefined || block === 0) {
      this.write();
      return;
    }
    if (this.list.length >= this.options.capacity) this.list.shift();
    this.list.push({ x, y, z, block, age: 0 });
    this.write();
  }

  /** Column (cx, cz) has a new mesh on screen (or none: unloaded): its cubes go in the same frame. */
  columnMeshed(cx: number, cz: number): void {
    if (this.list.length === 0) return;
    if (this.removeWhere((p) => Math.floor(p.x / COLUMN_SIZE) === cx && Math.floor(p.z / COLUMN_SIZE) === cz)) this.write();
  }

  /** Ages the cubes; one that waited too long goes. */
  update(dt: number): void {
    if (this.list.length === 0) return;
    for (const p of this.list) p.age += dt;
    if (this.removeWhere((p) => p.age > this.options.maxAgeSeconds)) this.write();
  }

  clear(): void {
    if (this.list.length === 0) return;
    this.list.length = 0;
    this.write();
  }

  /** Safe twice. */
  dispose(): void {
    if (this.disposed) return;
    this.disposed = true;
    this.object.removeFromParent();
    this.object.geometry.dispose();
    this.material.dispose();
    this.object.dispose();
  }

  private removeWhere(test: (p: Pending) => boolean): boolean {
    const before = this.list.length;
    for (let i = this.list.length - 1; i >= 0; i--) if (test(this.list[i]!)) this.list.splice(i, 1);
    return this.list.length !== before;
  }

  private write(): void {
    const a = this.tilesA.array as Float32Array;
    const b = this.tilesB.array as Float32Array;
    // Placed at the first cube, the rest relative to it: instance matrices are float32, and
    // world coordinates far from the origin would step in them.
    const o = this.list[0] ?? { x: 0, y: 0, z: 0 };
    this.object.position.set(o.x, o.y, o.z);
    this.list.forEach((p, i) => {
      this.object.setMatrixAt(i, this.matrix.makeTranslation(p.x - o.x + 0.5, p.y - o.y + 0.5, p.z - o.z + 0.5));
      for (let f = 0; f < 3; f++) {
        a[i * 3 + f] = BLOCK_FACE_TILE[p.block * FACE_COUNT + f]!;
        b[i * 3 + f] = BLOCK_FACE_TILE[p.block * FACE_COUNT + 3 + f]!;
      }
    });
    this.object.count = this.list.length;
    this.object.visible = this.list.length > 0;
    this.object.instanceMatrix.needsUpdate = true;
    this.tilesA.needsUpdate = true;
    this.tilesB.needsUpdate = true;
    this.revision++;
  }
}
