/**
 * Which block the player is aiming at: a voxel walk along the ray (Amanatides & Woo, "A
 * Fast Voxel Traversal Algorithm", 1987), visiting every block the ray passes through in
 * order, so thin diagonal gaps are never skipped.
 */

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
}

/**
 * Walks from `origin` along `direction` (normalise it to get distances in blocks) up to
 * `maxDistance`, returning the first block for which `isTarget` is true.
 */
export function raycastBlocks(
  isTarget: (x: number, y: number, z: number) => boolean,
  origin: { x: number; y: number; z: number },
  direction: { x: number; y: number; z: number },
  maxDistance: number,
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
    if (isTarget(x, y, z)) return { x, y, z, nx, ny, nz, distance: t };
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
