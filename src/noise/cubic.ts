/**
 * Four-point cubic interpolation (Catmull-Rom), the "cubic" of Hugo Elias's value-noise
 * write-up. Unlike a fade, it looks at the lattice values beyond the cell (p0 and p3), so the
 * curve's slope at a lattice point follows the neighbours: C1 without flat spots at lattice
 * points. The price is overshoot: with inputs in [-1, 1] the result can reach +-1.25 per axis
 * (weights -1/16, 9/16, 9/16, -1/16 at t = 1/2).
 */

/** Largest |result| of catmullRom over inputs in [-1, 1] (sum of |weights| at t = 1/2). */
export const CATMULL_ROM_OVERSHOOT = 1.25;

/** Catmull-Rom spline through p1 (t = 0) and p2 (t = 1), shaped by p0 and p3. */
export function catmullRom(p0: number, p1: number, p2: number, p3: number, t: number): number {
  return p1 + 0.5 * t * (p2 - p0 + t * (2 * p0 - 5 * p1 + 4 * p2 - p3 + t * (3 * (p1 - p2) + p3 - p0)));
}
