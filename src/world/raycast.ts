/**
 * Which block the player is aiming at: a voxel walk along the ray (Amanatides & Woo, "A
 * Fast Voxel Traversal Algorithm", 1987), visiting every block the ray passes through in
 * order, so thin diagonal gaps are never skipped. A cell that holds a shape (a slab, a stair,
 * a door, a plant) is hit only where the ray meets one of its boxes: a ray over a bottom slab
 * goes on to the block behind it, and one that lands on the slab's top gets the top's normal.
 */
import type { Box16 } from './block-shapes';

/**
 * The boxes aiming hits in cell (x, y, z), in sixteenths, or null for the whole cell (air,
 * water, cubes: the common case, which costs nothing more).
 */
export type RayBoxes = (x: number, y: number, z: number) => readonly Box16[] | null;

export interface RayHit {
  /** The block hit. */
  x: number;
  y: number;
  z: number;
  /** Normal of the face entered through: the neighbour at (x + nx, ...) is where a new block goes. */
  nx: number;
  ny: number;
  nz: number;
  /** Distance along the ray, in units of the direction's length. */
  distance: number;
  /**
   * Where the ray meets the face: origin + direction × distance, with the coordinate across
   * the face exactly on it (y + 0.5 on a bottom slab's top). Which half of a side face the
   * player aims at decides, for instance, whether a slab goes on top or at the bottom.
   */
  point: { x: number; y: number; z: number };
  /** For a block that does not fill its cell, the box around its aimable parts (sixteenths), for the outline. */
  bounds?: readonly [number, number, number, number, number, number];
}

/**
 * Walks from `origin` along `direction` (normalise it to get distances in blocks) up to
 * `maxDistance`, returning the first block for which `isTarget` is true; with `boxesAt`,
 * the first such block whose boxes (when it has any other than the whole cell) the ray meets.
 */
export function raycastBlocks(
  isTarget: (x: number, y: number, z: number) => boolean,
  origin: { x: number; y: number; z: number },
  direction: { x: number; y: number; z: number },
  maxDistance: number,
  boxesAt?: RayBoxes,
): RayHit | null {
  const { x: ox, y: oy, z: oz } = origin;
  const { x: dx, y: dy, z: dz } = direction;
  if (![ox, oy, oz, dx, dy, dz, maxDistance].every(Number.isFinite)) return null;
  if (dx === 0 && dy === 0 && dz === 0) return null;
  let x = Math.floor(ox);
  let y = Math.floor(oy);
  let z = Math.floor(oz);
  const stepX = dx > 0 ? 1 : dx < 0 ? -1 : 0;
  const stepY = dy > 0 ? 1 : dy < 0 ? -1 : 0;
  const stepZ = dz > 0 ? 1 : dz < 0 ? -1 : 0;
  // Ray parameter t at which the walk crosses the next boundary on each axis, and the t
  // it takes to cross one whole block.
  const tDeltaX = stepX !== 0 ? Math.abs(1 / dx) : Infinity;
  const tDeltaY = stepY !== 0 ? Math.abs(1 / dy) : Infinity;
  const tDeltaZ = stepZ !== 0 ? Math.abs(1 / dz) : Infinity;
  let tMaxX = stepX > 0 ? (x + 1 - ox) * tDeltaX : stepX < 0 ? (ox - x) * tDeltaX : Infinity;
  let tMaxY = stepY > 0 ? (y + 1 - oy) * tDeltaY : stepY < 0 ? (oy - y) * tDeltaY : Infinity;
  let tMaxZ = stepZ > 0 ? (z + 1 - oz) * tDeltaZ : stepZ < 0 ? (oz - z) * tDeltaZ : Infinity;
  let nx = 0;
  let ny = 0;
  let nz = 0;
  let t = 0;
  while (t <= maxDistance) {
    if (isTarget(x, y, z)) {
      const boxes = boxesAt?.(x, y, z) ?? null;
      if (boxes === null) return cellHit(origin, direction, x, y, z, nx, ny, nz, t);
      const hit = boxesHit(origin, direction, x, y, z, boxes);
      if (hit !== null && hit.distance <= maxDistance) return hit;
    }
    if (tMaxX < tMaxY && tMaxX < tMaxZ) {
      x += stepX;
      t = tMaxX;
      tMaxX += tDeltaX;
      nx = -stepX;
      ny = 0;
      nz = 0;
    } else if (tMaxY < tMaxZ) {
      y += stepY;
      t = tMaxY;
      tMaxY += tDeltaY;
      nx = 0;
      ny = -stepY;
      nz = 0;
    } else {
      z += stepZ;
      t = tMaxZ;
      tMaxZ += tDeltaZ;
      nx = 0;
      ny = 0;
      nz = -stepZ;
    }
  }
  return null;
}

/** The hit on the whole cell's face (nx, ny, nz) at t; the point lies exactly on that face. */
function cellHit(o: Vec, d: Vec, x: number, y: number, z: number, nx: number, ny: number, nz: number, t: number): RayHit {
  const point = { x: o.x + d.x * t, y: o.y + d.y * t, z: o.z + d.z * t };
  if (nx !== 0) point.x = nx > 0 ? x + 1 : x;
  if (ny !== 0) point.y = ny > 0 ? y + 1 : y;
  if (nz !== 0) point.z = nz > 0 ? z + 1 : z;
  return { x, y, z, nx, ny, nz, distance: t, point };
}

type Vec = { x: number; y: number; z: number };

/**
 * The nearest of `boxes` (sixteenths within cell x, y, z) the ray meets, by the slab method;
 * null when it misses them all. An origin inside a box hits it at once with no normal, as an
 * origin inside a whole block does.
 */
function boxesHit(o: Vec, d: Vec, x: number, y: number, z: number, boxes: readonly Box16[]): RayHit | null {
  const origin = [o.x, o.y, o.z];
  const dir = [d.x, d.y, d.z];
  const cell = [x, y, z];
  let best: RayHit | null = null;
  for (const b of boxes) {
    let near = -Infinity;
    let far = Infinity;
    let axis = -1;
    let face = 0;
    for (let k = 0; k < 3; k++) {
      const lo = cell[k]! + b[k]! / 16;
      const hi = cell[k]! + b[k + 3]! / 16;
      if (dir[k] === 0) {
        if (origin[k]! < lo || origin[k]! > hi) {
          far = -Infinity;
          break;
        }
        continue;
      }
      const tLo = (lo - origin[k]!) / dir[k]!;
      const tHi = (hi - origin[k]!) / dir[k]!;
      const enter = Math.min(tLo, tHi);
      if (enter > near) {
        near = enter;
        axis = k;
        face = dir[k]! > 0 ? lo : hi;
      }
      far = Math.min(far, Math.max(tLo, tHi));
    }
    if (near > far || far < 0) continue;
    if (best !== null && Math.max(0, near) >= best.distance) continue;
    if (near < 0 || axis < 0) {
      best = { x, y, z, nx: 0, ny: 0, nz: 0, distance: 0, point: { x: o.x, y: o.y, z: o.z } };
      continue;
    }
    const n = [0, 0, 0];
    n[axis] = dir[axis]! > 0 ? -1 : 1;
    const point = [o.x + d.x * near, o.y + d.y * near, o.z + d.z * near];
    point[axis] = face;
    best = { x, y, z, nx: n[0]!, ny: n[1]!, nz: n[2]!, distance: near, point: { x: point[0]!, y: point[1]!, z: point[2]! } };
  }
  return best;
}
