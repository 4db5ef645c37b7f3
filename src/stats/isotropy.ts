/**
 * Directional bias of a 2D field: is its gradient energy spread evenly over directions, or
 * gathered along the lattice axes (value noise) or the diagonals? Gradients are central
 * differences at interior samples of a row-major grid; each one's energy gx² + gy² counts
 * toward the axes when the gradient lies within 22.5° of the x or y axis, else toward the
 * diagonals. The test is a comparison, min(|gx|, |gy|) < tan(22.5°) · max(|gx|, |gy|) with
 * tan(22.5°) = √2 − 1, so no angle is computed. The two classes cover equal angles, so an
 * isotropic field scores axis / diagonal = 1.00.
 */

/** tan(22.5°) = √2 − 1. */
export const TAN_22_5_DEGREES = Math.SQRT2 - 1;

export interface GradientIsotropy {
  /** Energy of gradients within 22.5° of an axis, and of the others. */
  axisEnergy: number;
  diagonalEnergy: number;
  /**
   * axisEnergy / diagonalEnergy: 1.00 isotropic, above 1 axis-aligned, below 1 diagonal.
   * Infinity when all energy lies on the axes; NaN for a field with no gradient at all.
   */
  ratio: number;
  /** Interior samples with a non-zero gradient. */
  gradients: number;
}

/** Isotropy of `values` (row-major, `width` per row, at least 3 × 3 to have an interior). */
export function gradientIsotropy(values: ArrayLike<number>, width: number, height: number): GradientIsotropy {
  let axisEnergy = 0;
  let diagonalEnergy = 0;
  let gradients = 0;
  for (let y = 1; y < height - 1; y++) {
    for (let x = 1; x < width - 1; x++) {
      const i = x + width * y;
      const gx = values[i + 1]! - values[i - 1]!;
      const gy = values[i + width]! - values[i - width]!;
      const e = gx * gx + gy * gy;
      // Also skips NaN: a non-finite sample has no direction.
      if (!(e > 0) || e === Infinity) continue;
      gradients++;
      const ax = Math.abs(gx);
      const ay = Math.abs(gy);
      if (Math.min(ax, ay) < TAN_22_5_DEGREES * Math.max(ax, ay)) axisEnergy += e;
      else diagonalEnergy += e;
    }
  }
  const ratio = diagonalEnergy > 0 ? axisEnergy / diagonalEnergy : axisEnergy > 0 ? Infinity : NaN;
  return { axisEnergy, diagonalEnergy, ratio, gradients };
}

/**
 * Gradient energy by direction for a chart: the angle folded modulo 90° (a square lattice
 * looks the same every quarter turn) into `bins` equal bins from 0° (the axes) to 90°, each
 * bin's share of the total. Display only, so it may use Math.atan2.
 */
export function gradientAngleEnergy(values: ArrayLike<number>, width: number, height: number, bins = 9): number[] {
  const n = bins >= 1 ? Math.floor(bins) : 1;
  const energy = new Array<number>(n).fill(0);
  let total = 0;
  for (let y = 1; y < height - 1; y++) {
    for (let x = 1; x < width - 1; x++) {
      const i = x + width * y;
      const gx = values[i + 1]! - values[i - 1]!;
      const gy = values[i + width]! - values[i - width]!;
      const e = gx * gx + gy * gy;
      if (!(e > 0) || e === Infinity) continue;
      let a = (Math.atan2(gy, gx) * 180) / Math.PI;
      a = ((a % 90) + 90) % 90;
      energy[Math.min(n - 1, Math.floor((a / 90) * n))]! += e;
      total += e;
    }
  }
  return energy.map((e) => (total > 0 ? e / total : 0));
}
