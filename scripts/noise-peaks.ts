/**
 * Recomputes PERLIN_PEAKS (src/noise/perlin-options.ts): the largest possible |output| of the
 * seeded Perlin noises for each dimension and fade. This is a script, not library code, so it
 * may use Math.abs and sorting freely; it uses the same polynomial cosine fade as the library.
 *
 * Every corner's interpolation weight is positive, so the worst case over all hash outcomes
 * picks, per corner, the gradient with the largest dot product with the corner offset. The
 * resulting bound is maximised over the cell by a grid search and coordinate refinement.
 *
 *   npx tsx scripts/noise-peaks.ts          (1D-3D take seconds; 4D about a minute)
 */
import { GRADIENTS_2D_X, GRADIENTS_2D_Y } from '../src/noise/perlin';
import { cosineFade, FADES, fadeFunction, type Fade } from '../src/noise/fade';

type Bound = (p: number[]) => number;

function maximise(f: Bound, dims: number, grid: number): { peak: number; at: number[] } {
  let best = -Infinity;
  let arg: number[] = [];
  const p = new Array<number>(dims).fill(0);
  const walk = (k: number): void => {
    if (k === dims) {
      const v = f(p);
      if (v > best) {
        best = v;
        arg = p.slice();
      }
      return;
    }
    for (let i = 0; i <= grid; i++) {
      p[k] = i / grid;
      walk(k + 1);
    }
  };
  walk(0);
  for (let step = 1 / grid; step > 1e-12; step /= 2) {
    let improved = true;
    while (improved) {
      improved = false;
      for (let k = 0; k < dims; k++) {
        for (const d of [-step, step]) {
          const q = arg.slice();
          q[k] = Math.min(1, Math.max(0, q[k]! + d));
          const v = f(q);
          if (v > best) {
            best = v;
            arg = q;
            improved = true;
          }
        }
      }
    }
  }
  return { peak: best, at: arg };
}

/** Sum over corners of weight * (best dot product), for gradient sets given by `bestDot`. */
function cornerBound(fade: (t: number) => number, dims: number, bestDot: (d: number[]) => number): Bound {
  return (p) => {
    let sum = 0;
    for (let c = 0; c < 1 << dims; c++) {
      let w = 1;
      const d: number[] = [];
      for (let k = 0; k < dims; k++) {
        const bit = (c >> k) & 1;
        const f = fade(p[k]!);
        w *= bit ? f : 1 - f;
        d.push(p[k]! - bit);
      }
      sum += w * bestDot(d);
    }
    return sum;
  };
}

/** Sum of the largest `n` absolute components: the best dot with a 0/+-1 gradient having n non-zeros. */
const largest = (n: number) => (d: number[]) =>
  d
    .map(Math.abs)
    .sort((a, b) => b - a)
    .slice(0, n)
    .reduce((a, b) => a + b, 0);

const best2D = (d: number[]) => {
  let m = -Infinity;
  for (let i = 0; i < 16; i++) m = Math.max(m, GRADIENTS_2D_X[i]! * d[0]! + GRADIENTS_2D_Y[i]! * d[1]!);
  return m;
};

const dims = process.argv.includes('--no-4d') ? [1, 2, 3] : [1, 2, 3, 4];
for (const fadeName of FADES as readonly Fade[]) {
  const fade = fadeName === 'cosine' ? cosineFade : fadeFunction(fadeName);
  const row: string[] = [];
  for (const dim of dims) {
    let bound: Bound;
    let scale = 1;
    if (dim === 1) {
      bound = cornerBound(fade, 1, largest(1));
      scale = 2;
    } else if (dim === 2) {
      bound = cornerBound(fade, 2, best2D);
      scale = Math.SQRT2;
    } else bound = cornerBound(fade, dim, largest(dim - 1));
    const { peak, at } = maximise(bound, dim, dim === 4 ? 14 : dim === 3 ? 40 : 200);
    row.push(`${dim}D ${(peak * scale).toFixed(6)} at (${at.map((v) => v.toFixed(3)).join(', ')})`);
  }
  console.log(fadeName.padEnd(10), row.join('   '));
}
