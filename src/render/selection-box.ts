/**
 * The outline around the block the player is aiming at, readable on any block at any
 * distance: a halo of two screen-space fat lines (three's LineSegments2), a wide dark one
 * under a narrow light one, so it reads on dark logs and bright snow, on water and leaves.
 *
 * Why fat lines and not quads on the faces: their width is in screen pixels, so the outline
 * is as readable 40 blocks away as up close, where world-space quads would thin to nothing.
 * Their catch is depth: a fat line is a screen-facing strip centred on the box's edge, and
 * the half of it that spills over the next block's face (coplanar with the edge, and nearer
 * the eye in front of it) would be hidden by the depth test, leaving half a halo on the
 * ground, where most aiming happens. So, each frame (`follow`):
 *
 * - The box is scaled about the eye by a factor just under 1. Every point stays on its ray
 *   from the eye, so the picture is the same pixel for pixel, but it comes nearer by a fixed
 *   share of its distance: the depth that PULL_PX pixels of a 45° slope span there. That
 *   lifts the strips over coplanar neighbours yet keeps them behind any block really in front.
 * - Only edges of faces turned toward the eye are drawn. The others lie behind the block
 *   itself, and pulled nearer they would poke out at the silhouette's corners.
 *
 * Both lines test depth but write none, and draw after the terrain and the water (they are
 * transparent, with a higher renderOrder). The box is a touch larger than a block, so the
 * lines never z-fight its faces. The pixel widths need the view size: `setResolution`.
 */
import * as THREE from 'three';
import { LineMaterial } from 'three/addons/lines/LineMaterial.js';
import { LineSegments2 } from 'three/addons/lines/LineSegments2.js';
import { LineSegmentsGeometry } from 'three/addons/lines/LineSegmentsGeometry.js';

/** Half the box's side: a block's half plus a little, so the lines sit just outside its faces. */
const HALF = 1.004 / 2;
/** Widths in CSS pixels: the dark halo, then the light core drawn over it. */
export const OUTLINE_HALO_PX = 5;
export const OUTLINE_CORE_PX = 2;
/**
 * How far the box is pulled toward the eye, in pixels of a 45° surface: the full halo stays
 * clear of a coplanar neighbour's face down to about a 27° view, its core down to about 11°.
 */
const PULL_PX = 5;

/**
 * The box's 12 edges, each with the two faces it borders (face order +x, -x, +y, -y, +z, -z,
 * as in world/blocks): [axis the edge runs along, sign on the next axis, sign on the last].
 */
const EDGES: readonly (readonly [axis: 0 | 1 | 2, s1: 1 | -1, s2: 1 | -1])[] = [0, 1, 2].flatMap((axis) =>
  ([[1, 1], [1, -1], [-1, 1], [-1, -1]] as const).map(([s1, s2]) => [axis as 0 | 1 | 2, s1, s2] as const),
);

/** Face index (+x 0, -x 1, +y 2, -y 3, +z 4, -z 5) on `axis` at `sign`. */
function faceOf(axis: number, sign: number): number {
  return axis * 2 + (sign > 0 ? 0 : 1);
}

/** The two faces an edge borders. */
export function edgeFaces(edge: number): [number, number] {
  const [axis, s1, s2] = EDGES[edge]!;
  return [faceOf((axis + 1) % 3, s1), faceOf((axis + 2) % 3, s2)];
}

/**
 * Faces of a unit block turned toward an eye at `eye` (relative to the block's centre), as a
 * bit mask (bit f for face f). 0 when the eye is inside the block.
 */
export function facesTowardEye(eye: { x: number; y: number; z: number }): number {
  const c = [eye.x, eye.y, eye.z];
  let mask = 0;
  for (let axis = 0; axis < 3; axis++) {
    if (c[axis]! > 0.5) mask |= 1 << faceOf(axis, 1);
    else if (c[axis]! < -0.5) mask |= 1 << faceOf(axis, -1);
  }
  return mask;
}

/** Edges to draw for a face mask: those bordering a face toward the eye (all 12 from inside). */
export function visibleEdges(faceMask: number): number[] {
  const all = EDGES.map((_, i) => i);
  if (faceMask === 0) return all;
  return all.filter((e) => edgeFaces(e).some((f) => (faceMask >> f) & 1));
}

/** Edge `edge`'s two ends, written at `out[offset..offset + 6)`. */
function writeEdge(edge: number, out: Float32Array, offset: number): void {
  const [axis, s1, s2] = EDGES[edge]!;
  for (let end = 0; end < 2; end++) {
    const o = offset + end * 3;
    out[o + axis] = end === 0 ? -HALF : HALF;
    out[o + ((axis + 1) % 3)] = s1 * HALF;
    out[o + ((axis + 2) % 3)] = s2 * HALF;
  }
}

const WHOLE_BLOCK = [0, 0, 0, 16, 16, 16] as const;

export class SelectionBox {
  /** Add this to the scene: it holds the two line passes. */
  readonly object = new THREE.Group();
  private readonly geometry = new LineSegmentsGeometry();
  private readonly materials: [halo: LineMaterial, core: LineMaterial];
  private readonly center = new THREE.Vector3();
  private readonly next = new THREE.Vector3();
  /** The outlined box's size in blocks (1, 1, 1 for a whole block; a slab is half as tall). */
  private readonly size = new THREE.Vector3(1, 1, 1);
  private readonly nextSize = new THREE.Vector3();
  private readonly eye = new THREE.Vector3();
  private readonly toEye = new THREE.Vector3();
  /** Which faces the drawn edges belong to; -1 before the first frame. */
  private faceMask = -1;
  private viewHeight = 1;
  private changes = 0;
  private disposed = false;

  constructor() {
    const all = new Float32Array(EDGES.length * 6);
    EDGES.forEach((_, e) => writeEdge(e, all, e * 6));
    // The bounding sphere is the whole box's, so reordering the edges below never changes it.
    this.geometry.setPositions(all);
    const common = { transparent: true, depthTest: true, depthWrite: false, fog: false, worldUnits: false };
    this.materials = [
      new LineMaterial({ ...common, color: 0x07090c, opacity: 0.85, linewidth: OUTLINE_HALO_PX }),
      new LineMaterial({ ...common, color: 0xf4f6f8, opacity: 0.95, linewidth: OUTLINE_CORE_PX }),
    ];
    this.materials.forEach((material, i) => {
      const line = new LineSegments2(this.geometry, material);
      line.name = i === 0 ? 'selection-halo' : 'selection-core';
      // After the terrain and the water; the core over the halo.
      line.renderOrder = 1 + i;
      this.object.add(line);
    });
    this.object.name = 'selection';
    this.object.visible = false;
  }

  /**
   * Outlines block (x, y, z), or only the part `bounds` of it (sixteenths, [x0, y0, z0, x1, y1,
   * z1]: a slab, a door), or hides the outline with null.
   */
  show(block: { x: number; y: number; z: number; bounds?: readonly number[] } | null): void {
    if (block) {
      const b = block.bounds ?? WHOLE_BLOCK;
      this.next.set(block.x + (b[0]! + b[3]!) / 32, block.y + (b[1]! + b[4]!) / 32, block.z + (b[2]! + b[5]!) / 32);
      this.nextSize.set((b[3]! - b[0]!) / 16, (b[4]! - b[1]!) / 16, (b[5]! - b[2]!) / 16);
    }
    const same = block === null ? !this.object.visible : this.object.visible && this.center.equals(this.next) && this.size.equals(this.nextSize);
    if (same) return;
    this.object.visible = block !== null;
    if (block) {
      this.center.copy(this.next);
      this.size.copy(this.nextSize);
    }
    this.changes++;
  }

  /**
   * Counts changes to the outline (shown, hidden, moved to another block): with the same
   * camera and view size, an equal revision draws the same picture.
   */
  get revision(): number {
    return this.changes;
  }

  /**
   * The view's size in CSS pixels (what the renderer's setSize got): the lines' widths are
   * in those pixels. LineSegments2 also sets its material's resolution from the renderer's
   * viewport before each draw (the same CSS size); in compare mode's strips the viewport
   * stays the whole canvas (only the scissor changes), so the widths stay true there too.
   */
  setResolution(width: number, height: number): void {
    for (const material of this.materials) material.resolution.set(width, height);
    this.viewHeight = Math.max(1, height);
  }

  /** Places the outline for this frame's camera: call after moving it, before rendering. */
  follow(camera: THREE.PerspectiveCamera): void {
    if (!this.object.visible) return;
    camera.getWorldPosition(this.eye);
    // In the unit box's own terms: a slab's top is half as far from its centre as a block's.
    this.useEdges(facesTowardEye(this.toEye.subVectors(this.eye, this.center).divide(this.size)));
    // Focal length in pixels; pulling by PULL_PX / focal of the distance moves the box as
    // far as PULL_PX pixels of a 45° surface span at that distance.
    const focal = this.viewHeight / 2 / Math.tan(THREE.MathUtils.degToRad(camera.getEffectiveFOV()) / 2);
    const s = 1 - PULL_PX / Math.max(focal, 2 * PULL_PX);
    this.object.scale.copy(this.size).multiplyScalar(s);
    this.object.position.copy(this.center).sub(this.eye).multiplyScalar(s).add(this.eye);
  }

  /** Puts the edges to draw first in the buffer and draws only those. */
  private useEdges(mask: number): void {
    if (mask === this.faceMask) return;
    this.faceMask = mask;
    const attribute = this.geometry.getAttribute('instanceStart') as THREE.InterleavedBufferAttribute;
    const buffer = attribute.data;
    const edges = visibleEdges(mask);
    edges.forEach((e, i) => writeEdge(e, buffer.array as Float32Array, i * 6));
    buffer.needsUpdate = true;
    this.geometry.instanceCount = edges.length;
  }

  /** Frees the geometry and both materials. Safe to call twice. */
  dispose(): void {
    if (this.disposed) return;
    this.disposed = true;
    this.geometry.dispose();
    for (const material of this.materials) material.dispose();
  }
}
