/**
 * The benchmark workloads, shared by test/bench/noise.bench.ts (`npm run bench`),
 * scripts/noise-bench-table.ts (the README table) and the noise lab's bench worker, so all
 * three measure exactly the same thing.
 *
 * Every workload is a function that does a fixed amount of work and returns a number (a sum
 * of what it computed), which the caller keeps in a sink so no engine can drop the work.
 * Seeds and sample points are fixed: the same bits are computed on every run.
 */
import alea from 'alea';
import { createNoise2D, createNoise3D } from 'simplex-noise';
import { createFbm2D, createPerlin2D, createPerlin3D, createSimplex2D, fillGrid2D, type FbmOptions } from '../noise';
import { DEFAULT_FBM_OPTIONS } from '../noise/fbm';
import { planOctaves } from '../noise/octaves';
import { lcg } from './lcg';

export const BENCH_SEED = 20240601;

/** Samples per call of a per-sample workload. */
export const POINTS = 4096;

/**
 * Two input patterns, because simplex noise branches on the input (which triangle, which
 * corners contribute) and a branch predictor loves a smooth scan:
 * - `scan`: a 64x64 raster at 1/16 of a lattice cell per step, like a texture or an fBm octave;
 * - `scatter`: independent points spread over [-1000, 1000], like lookups at random places.
 */
export type Pattern = 'scan' | 'scatter';

export interface Points {
  xs: Float64Array;
  ys: Float64Array;
  zs: Float64Array;
}

export function benchPoints(pattern: Pattern): Points {
  const xs = new Float64Array(POINTS);
  const ys = new Float64Array(POINTS);
  const zs = new Float64Array(POINTS);
  const rand = lcg(pattern === 'scan' ? 1 : 2);
  for (let i = 0; i < POINTS; i++) {
    if (pattern === 'scan') {
      xs[i] = -123.4 + (i & 63) / 16;
      ys[i] = 56.7 + (i >> 6) / 16;
      zs[i] = 8.9 + ((i * 7) & 63) / 64;
    } else {
      xs[i] = (rand() * 2 - 1) * 1000;
      ys[i] = (rand() * 2 - 1) * 1000;
      zs[i] = (rand() * 2 - 1) * 1000;
    }
  }
  return { xs, ys, zs };
}

/**
 * The terrain's fBm as first shipped: 6 octaves, scale 384 (the default scale is 256 now;
 * the frequency only moves the sample points, and it stays so figures compare across runs).
 */
export const TERRAIN_FBM: Readonly<FbmOptions> = Object.freeze({
  ...DEFAULT_FBM_OPTIONS,
  octaves: 6,
  persistence: 0.5,
  lacunarity: 2,
  frequency: 1 / 384,
});

/** Column origins (in blocks) that the heightfield workloads cycle through. */
export const COLUMN_ORIGINS: readonly (readonly [number, number])[] = Array.from({ length: 64 }, (_, i) => [
  ((i * 37) % 29) * 16 - 200 * 16,
  ((i * 11) % 23) * 16 + 5000 * 16,
]);

export const COLUMN = 16;
export const COLUMN_SAMPLES = COLUMN * COLUMN;

export interface Workload {
  name: string;
  /** Noise samples (or heightfield cells) computed per call of `run`. */
  samples: number;
  run: () => number;
}

/*
 * The per-sample loops are written out once per (noise, pattern), not built by one shared
 * helper: a loop literal shared by two workloads has a call site that sees two functions,
 * which V8 then stops inlining. That cost the same few ns per call on both sides and pulled
 * every ratio towards 1 (measured: Perlin 2D 52 ns in a shared loop, 25 ns in its own).
 * In real use a loop calls one noise, so one loop per workload is the fair setup.
 *
 * The scan and scatter branches below are therefore copies on purpose, and a factory
 * (`loop(noise, xs, ys)` called once per pattern) is no substitute: V8 keeps type feedback
 * and optimised code per function literal, shared by every closure made from it, so a
 * factory gives one literal for both patterns. Measured with such a factory (one literal per
 * noise, shared by scan and scatter; nine processes each, best slice): Perlin 2D never got
 * below 40 ns, where these separate literals reach 25 ns in about half the processes.
 * Only the loops are copied; names and sizes go through `workload`.
 */

function workload(name: string, run: () => number): Workload {
  return { name, samples: POINTS, run };
}

/** Per-sample 2D: Perlin vs simplex-noise, one pattern. */
export function perSample2D(pattern: Pattern): { perlin: Workload; simplex: Workload } {
  const { xs, ys } = benchPoints(pattern);
  const perlin = createPerlin2D(BENCH_SEED);
  // The package itself, not our adapter, so nothing of ours sits in the baseline's path.
  const simplex = createNoise2D(alea(BENCH_SEED));
  // Deliberate copies, one loop literal per (noise, pattern): see above.
  const loops =
    pattern === 'scan'
      ? {
          perlin: () => {
            let sum = 0;
            for (let i = 0; i < POINTS; i++) sum += perlin(xs[i]!, ys[i]!);
            return sum;
          },
          simplex: () => {
            let sum = 0;
            for (let i = 0; i < POINTS; i++) sum += simplex(xs[i]!, ys[i]!);
            return sum;
          },
        }
      : {
          perlin: () => {
            let sum = 0;
            for (let i = 0; i < POINTS; i++) sum += perlin(xs[i]!, ys[i]!);
            return sum;
          },
          simplex: () => {
            let sum = 0;
            for (let i = 0; i < POINTS; i++) sum += simplex(xs[i]!, ys[i]!);
            return sum;
          },
        };
  return {
    perlin: workload(`Perlin 2D (ours), ${pattern}`, loops.perlin),
    simplex: workload(`simplex-noise noise2D, ${pattern}`, loops.simplex),
  };
}

/** Per-sample 3D: Perlin vs simplex-noise, one pattern. */
export function perSample3D(pattern: Pattern): { perlin: Workload; simplex: Workload } {
  const { xs, ys, zs } = benchPoints(pattern);
  const perlin = createPerlin3D(BENCH_SEED);
  const simplex = createNoise3D(alea(BENCH_SEED));
  // Deliberate copies, one loop literal per (noise, pattern): see above.
  const loops =
    pattern === 'scan'
      ? {
          perlin: () => {
            let sum = 0;
            for (let i = 0; i < POINTS; i++) sum += perlin(xs[i]!, ys[i]!, zs[i]!);
            return sum;
          },
          simplex: () => {
            let sum = 0;
            for (let i = 0; i < POINTS; i++) sum += simplex(xs[i]!, ys[i]!, zs[i]!);
            return sum;
          },
        }
      : {
          perlin: () => {
            let sum = 0;
            for (let i = 0; i < POINTS; i++) sum += perlin(xs[i]!, ys[i]!, zs[i]!);
            return sum;
          },
          simplex: () => {
            let sum = 0;
            for (let i = 0; i < POINTS; i++) sum += simplex(xs[i]!, ys[i]!, zs[i]!);
            return sum;
          },
        };
  return {
    perlin: workload(`Perlin 3D (ours), ${pattern}`, loops.perlin),
    simplex: workload(`simplex-noise noise3D, ${pattern}`, loops.simplex),
  };
}

/**
 * One 16x16 column's 6-octave fBm heightfield, four ways. Each call fills one column and
 * moves on to the next origin, so no two consecutive calls see the same coordinates.
 *
 * The simplex baseline is hand-written: the same octave loop as createFbm2D (same seeds,
 * frequencies, amplitudes, summing order, so the same bits), calling each octave's
 * simplex-noise noise2D directly. That is the fastest honest per-sample fBm over the package:
 * no shared fBm closure whose call site also sees our Perlin.
 */
export function heightfield(): {
  perlinBatch: Workload;
  perlinPerSample: Workload;
  simplexPerSample: Workload;
  simplexBatch: Workload;
} {
  const perlinFbm = createFbm2D(createPerlin2D, BENCH_SEED, TERRAIN_FBM);
  const simplexFbm = createFbm2D(createSimplex2D, BENCH_SEED, TERRAIN_FBM);
  // createFbm2D's own plan (seeds, frequencies, amplitudes), with simplex-noise as the layers.
  const plan = planOctaves((seed) => createNoise2D(alea(seed)), BENCH_SEED, TERRAIN_FBM);
  const octaves = plan.layers.length;
  const simplexLayers = plan.layers;
  const frequencies = Float64Array.from(plan.frequencies);
  const amplitudes = Float64Array.from(plan.amplitudes, (a) => a * (1 / plan.total));

  const out = new Float64Array(COLUMN_SAMPLES);
  let next = 0;
  const origin = (): readonly [number, number] => {
    const o = COLUMN_ORIGINS[next]!;
    next = (next + 1) & 63;
    return o;
  };
  const sumOut = (): number => {
    let sum = 0;
    for (let i = 0; i < COLUMN_SAMPLES; i++) sum += out[i]!;
    return sum;
  };
  return {
    perlinBatch: {
      name: 'fBm 16x16, Perlin, batch (fillGrid2D)',
      samples: COLUMN_SAMPLES,
      run: () => {
        const [x0, z0] = origin();
        fillGrid2D(perlinFbm, out, { x0, y0: z0, width: COLUMN, height: COLUMN });
        return sumOut();
      },
    },
    perlinPerSample: {
      name: 'fBm 16x16, Perlin, per sample',
      samples: COLUMN_SAMPLES,
      run: () => {
        const [x0, z0] = origin();
        for (let z = 0; z < COLUMN; z++) {
          for (let x = 0; x < COLUMN; x++) out[x + COLUMN * z] = perlinFbm(x0 + x, z0 + z);
        }
        return sumOut();
      },
    },
    simplexPerSample: {
      name: 'fBm 16x16, simplex-noise noise2D, per sample',
      samples: COLUMN_SAMPLES,
      run: () => {
        const [x0, z0] = origin();
        for (let z = 0; z < COLUMN; z++) {
          for (let x = 0; x < COLUMN; x++) {
            let sum = 0;
            for (let i = 0; i < octaves; i++) {
              const f = frequencies[i]!;
              sum += simplexLayers[i]!((x0 + x) * f, (z0 + z) * f) * amplitudes[i]!;
            }
            out[x + COLUMN * z] = sum;
          }
        }
        return sumOut();
      },
    },
    simplexBatch: {
      name: 'fBm 16x16, simplex-noise, fillGrid2D (generic path)',
      samples: COLUMN_SAMPLES,
      run: () => {
        const [x0, z0] = origin();
        fillGrid2D(simplexFbm, out, { x0, y0: z0, width: COLUMN, height: COLUMN });
        return sumOut();
      },
    },
  };
}
