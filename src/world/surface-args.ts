/**
 * Argument checks shared by every Terrain's fillSurface: the whole-block step to sample at,
 * or 0 when the grid is empty. Throws on a step below 1 or not finite, and on outputs too
 * short for the grid.
 */
export function surfaceStep(heights: Int16Array, tops: Uint8Array, width: number, depth: number, step: number): number {
  if (!(step >= 1) || !Number.isFinite(step)) throw new RangeError(`fillSurface: step must be a whole number of blocks, at least 1 (got ${step})`);
  if (!(width > 0 && depth > 0)) return 0;
  const n = width * depth;
  if (heights.length < n || tops.length < n) throw new RangeError(`fillSurface: outputs hold ${Math.min(heights.length, tops.length)} values, the grid needs ${n}`);
  return Math.floor(step);
}
