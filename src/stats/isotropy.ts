/**
 * Directional bias of a 2D field: is its gradient energy spread evenly over directions, or
 * gathered along the lattice axes (value noise) or the diagonals? Gradients are central
 * differences at interior samples of a row-major grid; each one's energy gx² + gy² counts
 * toward the axes when the gradient lies within 22.5° of the x or y axis, else toward the
 * diagonals. The two classes cover equal angles, so an isotropic field scores
 * axis / diagonal = 1.00.
 *
 * No angle is computed: "within 22.5° of an axis" is min(|gx|, |gy|) < tan(22.5°) ·
 * max(|gx|, |gy|), and the chart's angle bins are found by comparing |gy| with tan(bin
 * edge) · |gx|. That is several times faster than Math.atan2 per sample, which matters when
 * the lab measures eight images per change.
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

export interface GradientDirections extends GradientIsotropy {
  /**
   * Energy by direction, each bin's share of the total: the angle folded modulo 90° (a
   * square lattice looks the same every quarter turn) into equal bins from 0° (the x and y
   * axes) to 90°; the middle bin holds the diagonals. All zero for a field with no gradient.
   */
  angleEnergy: number[];
}

/** tan of the inner bin edges k · 90° / bins, k = 1 .. bins − 1. */
function binEdges(bins: number): Float64Array {
  const edges = new Float64Array(bins - 1);
  for (let k = 1; k < bins; k++) edges[k - 1] = Math.tan(((k * 90) / bins) * (Math.PI / 180));
  return edges;
}

/**
 * Isotropy and the angle chart of `values` (row-major, `width` per row; at least 3 × 3 to
 * have an interior) in one pass over the gradients.
 */
export function gradientDirections(values: ArrayLike<number>, width: number, height: number, bins = 9): GradientDirections {
  const n = bins >= 1 ? Math.floor(bins) : 1;
  const edges = binEdges(n);
  const energy = new Array<number>(n).fill(0);
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
      // θ = atan(ay / ax) in [0°, 90°]; bin b counts the edges θ has reached.
      // A vertical gradient (ax = 0) is at 90°, which folds onto 0°: bin 0.
      let bin = 0;
      if (ax > 0) {
        let b = 0;
        while (b < n - 1 && ay >= edges[b]! * ax) b++;
        // Modulo 90°, a gradient in the first or third quadrant is at θ, in the others at 90° − θ.
        bin = (gx > 0) === (gy > 0) || gy === 0 ? b : n - 1 - b;
      }
      energy[bin]! += e;
    }
  }
  const total = axisEnergy + diagonalEnergy;
  const ratio = diagonalEnergy > 0 ? axisEnergy / diagonalEnergy : axisEnergy > 0 ? Infinity : NaN;
  return { axisEnergy, diagonalEnergy, ratio, gradients, angleEnergy: energy.map((v) => (total > 0 ? v / total : 0)) };
}

/** Isotropy alone (see gradientDirections). */
export function gradientIsotropy(values: ArrayLike<number>, width: number, height: number): GradientIsotropy {
  const { axisEnergy, diagonalEnergy, ratio, gradients } = gradientDirections(values, width, height, 1);
  return { axisEnergy, diagonalEnergy, ratio, gradients };
}

/** The angle chart alone (see gradientDirections). */
export function gradientAngleEnergy(values: ArrayLike<number>, width: number, height: number, bins = 9): number[] {
  return gradientDirections(values, width, height, bins).angleEnergy;
}
