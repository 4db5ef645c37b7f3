/**
 * Argument checks shared by every Terrain's fillSurface (and fillCanopy, named by `what`):
 * the whole-block step to sample at, or 0 when the grid is empty. Throws on a step below 1 or not finite, and on outputs too
 * short for the grid (the optional tints output too).
 */
export function surfaceStep(
  heights: Int16Array, tops: Uint8Array, width: number, depth: number, step: number, tints?: Uint8Array, what = 'fillSurface',
): number {
  if (!(step >= 1) || !Number.isFinite(step)) throw new RangeError(`${what}: step must be a whole number of blocks, at least 1 (got ${step})`);
  if (!(width > 0 && depth > 0)) return 0;
  const n = width * depth;
  const room = Math.min(heights.length, tops.length, tints ? tints.length : n);
  if (room < n) throw new RangeError(`${what}: outputs hold ${room} values, the grid needs ${n}`);
  return Math.floor(step);
}
