/** Small shared helpers for the noise tests (not a test file itself). */

export interface Stats {
  min: number;
  max: number;
  mean: number;
  std: number;
  count: number;
}

/** min, max, mean, standard deviation of `count` samples of `sample(i)`. */
export function stats(count: number, sample: (i: number) => number): Stats {
  let min = Infinity;
  let max = -Infinity;
  let sum = 0;
  let sum2 = 0;
  for (let i = 0; i < count; i++) {
    const v = sample(i);
    if (v < min) min = v;
    if (v > max) max = v;
    sum += v;
    sum2 += v * v;
  }
  const mean = sum / count;
  return { min, max, mean, std: Math.sqrt(Math.max(0, sum2 / count - mean * mean)), count };
}

/** Pearson correlation of two fields over the same sample points. */
export function correlation(count: number, a: (i: number) => number, b: (i: number) => number): number {
  let sa = 0;
  let sb = 0;
  let saa = 0;
  let sbb = 0;
  let sab = 0;
  for (let i = 0; i < count; i++) {
    const x = a(i);
    const y = b(i);
    sa += x;
    sb += y;
    saa += x * x;
    sbb += y * y;
    sab += x * y;
  }
  const cov = sab / count - (sa / count) * (sb / count);
  const va = saa / count - (sa / count) ** 2;
  const vb = sbb / count - (sb / count) ** 2;
  return cov / Math.sqrt(va * vb);
}
