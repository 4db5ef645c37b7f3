/**
 * `npm run noise:report`: what the noises look like, and what their numbers are.
 *
 * Writes PNGs into noise-report/ (git-ignored): one seed rendered as white, value, Perlin and
 * simplex-noise, each plain and as 6-octave fBm, plus ridged and domain-warped Perlin and
 * the value-noise interpolations; and overview sheets that tile them for the README. Prints,
 * per source, over 1024 x 1024 = 1 048 576 samples:
 * - min and max, mean and standard deviation;
 * - a 20-bin histogram over [-1, 1];
 * - a directional-bias figure: the energy of the gradient (central differences) by angle,
 *   folded modulo 90 degrees, and the ratio of energy within 22.5 degrees of the axes to
 *   energy near the diagonals. An isotropic noise scores 1.00; a lattice-aligned one more.
 * The figures come from src/stats (measureNoise), the code the noise lab uses too.
 * The same tables go to noise-report/stats.md.
 *
 *   npm run noise:report [-- --seed 1337]
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import {
  createDomainWarp2D,
  createFbm2D,
  createPerlin2D,
  createRidged2D,
  createSimplex2D,
  createValueNoise2D,
  createWhiteNoise2D,
  fillGrid2D,
  warpNoise2D,
  type FbmOptions,
  type Noise2D,
  type SeededNoise2D,
} from '../src/noise';
import { INTERPOLATIONS } from '../src/noise/value-noise';
import { DEFAULT_HISTOGRAM_OPTIONS, measureNoise } from '../src/stats';
import { greyFromNoise, tile, writeGreyPng, type GreyImage } from './noise-images';

const seedArg = process.argv.indexOf('--seed');
const SEED = seedArg >= 0 ? Number(process.argv[seedArg + 1]) | 0 : 1337;
const OUT = new URL('../noise-report/', import.meta.url);
mkdirSync(OUT, { recursive: true });

/** Image size, and the scale both images and statistics use. */
const IMAGE = 256;
/** Plain noises: 32 pixels per lattice cell in the images. */
const PLAIN_STEP = 1 / 32;
/** fBm: first octave 128 pixels per cell (frequency 1/128), 6 octaves down to 4 pixels. */
const FBM: Partial<FbmOptions> = { octaves: 6, persistence: 0.5, lacunarity: 2, frequency: 1 / 128 };
const STATS_SIZE = 1024;

interface Source {
  name: string;
  file: string;
  noise: Noise2D;
  /** Sample spacing in the images. */
  step: number;
  /** Sample spacing for the statistics: fine enough for gradients, over many cells. */
  statsStep: number;
}

const value: SeededNoise2D = (seed) => createValueNoise2D(seed);
const bases: { name: string; file: string; source: SeededNoise2D }[] = [
  { name: 'white', file: 'white', source: createWhiteNoise2D },
  { name: 'value', file: 'value', source: value },
  { name: 'Perlin', file: 'perlin', source: createPerlin2D },
  { name: 'simplex-noise', file: 'simplex', source: createSimplex2D },
];

const sources: Source[] = [
  ...bases.map((b) => ({ name: `${b.name}`, file: `${b.file}.png`, noise: b.source(SEED), step: PLAIN_STEP, statsStep: 1 / 8 })),
  ...bases.map((b) => ({ name: `${b.name} fBm`, file: `${b.file}-fbm.png`, noise: createFbm2D(b.source, SEED, FBM), step: 1, statsStep: 1 })),
  { name: 'Perlin ridged', file: 'perlin-ridged.png', noise: createRidged2D(createPerlin2D, SEED, FBM), step: 1, statsStep: 1 },
  {
    name: 'Perlin fBm, warped',
    file: 'perlin-fbm-warped.png',
    noise: warpNoise2D(createFbm2D(createPerlin2D, SEED, FBM), createDomainWarp2D(createPerlin2D, SEED, { amplitude: 48, frequency: 1 / 64 })),
    step: 1,
    statsStep: 1,
  },
  ...INTERPOLATIONS.map((interpolation) => ({
    name: `value, ${interpolation}`,
    file: `value-${interpolation}.png`,
    noise: createValueNoise2D(SEED, { interpolation }) as Noise2D,
    step: 1 / 48,
    statsStep: 1 / 8,
  })),
];

function sample(noise: Noise2D, size: number, step: number, x0 = 0, y0 = 0): Float64Array {
  return fillGrid2D(noise, new Float64Array(size * size), { x0, y0, width: size, height: size, stepX: step, stepY: step });
}

const BINS = DEFAULT_HISTOGRAM_OPTIONS.bins;

/**
 * The src/stats figures (the noise lab shows the same), with the histogram as fractions and
 * the samples outside [-1, 1] folded into the end bins for the sparkline, as this report has
 * always printed them.
 */
function measure(values: Float64Array, size: number) {
  const st = measureNoise(values, size, size);
  const { counts, below, above, total } = st.histogram;
  const folded = counts.slice();
  folded[0] = folded[0]! + below;
  folded[BINS - 1] = folded[BINS - 1]! + above;
  return { ...st, histogram: folded.map((c) => c / total), outside: below + above, axisToDiagonal: st.isotropy };
}

const BARS = ' ▁▂▃▄▅▆▇█';
function sparkline(fractions: number[]): string {
  const top = Math.max(...fractions) || 1;
  return fractions.map((f) => BARS[Math.round((f / top) * (BARS.length - 1))]).join('');
}

const pct = (f: number) => (f * 100).toFixed(1);
const images = new Map<string, GreyImage>();
const md: string[] = [
  `# Noise report (seed ${SEED})`,
  '',
  `${STATS_SIZE} x ${STATS_SIZE} samples per source, from (1000.5, -2000.25): plain noises every 1/8 cell (128 x 128 cells),`,
  'fBm (6 octaves, first at frequency 1/128, so 8 x 8 first-octave cells) every unit.',
  'Bias: gradient energy within 22.5 degrees of the axes divided by energy near the diagonals (isotropic: 1.00).',
  '',
  '| source | min | max | mean | std dev | axes/diagonals | histogram over [-1, 1] |',
  '|---|---:|---:|---:|---:|---:|---|',
];

console.log(`Noise report, seed ${SEED}: PNGs and stats.md in ${OUT.pathname}\n`);
for (const s of sources) {
  const picture = greyFromNoise(sample(s.noise, IMAGE, s.step), IMAGE, IMAGE);
  images.set(s.file, picture);
  writeGreyPng(new URL(s.file, OUT).pathname, picture);
  // Statistics away from the origin, over 1 048 576 samples.
  const values = sample(s.noise, STATS_SIZE, s.statsStep, 1000.5, -2000.25);
  const st = measure(values, STATS_SIZE);
  console.log(
    `${s.name.padEnd(20)} min ${st.min.toFixed(4).padStart(7)}  max ${st.max.toFixed(4).padStart(7)}  ` +
      `mean ${st.mean.toFixed(4).padStart(7)}  std ${st.std.toFixed(4)}  axes/diagonals ${st.axisToDiagonal.toFixed(2)}`,
  );
  console.log(`${''.padEnd(20)} histogram  |${sparkline(st.histogram)}|  ${st.histogram.map(pct).join(' ')} %`);
  if (st.outside > 0) console.log(`${''.padEnd(20)} (${st.outside} samples outside [-1, 1], counted in the end bins)`);
  console.log(`${''.padEnd(20)} gradient energy by angle mod 90 deg (10 deg bins) |${sparkline(st.angleEnergy)}|  ${st.angleEnergy.map(pct).join(' ')} %`);
  md.push(
    `| ${s.name} | ${st.min.toFixed(4)} | ${st.max.toFixed(4)} | ${st.mean.toFixed(4)} | ${st.std.toFixed(4)} | ` +
      `${st.axisToDiagonal.toFixed(2)} | \`${sparkline(st.histogram)}\` |`,
  );
}

// Overview sheets for the README: the four sources plain (top) and as fBm (bottom); extras.
const pick = (files: string[]) => files.map((f) => images.get(f)!);
const family = bases.map((b) => `${b.file}.png`).concat(bases.map((b) => `${b.file}-fbm.png`));
writeGreyPng(new URL('overview.png', OUT).pathname, tile(pick(family), 4));
writeGreyPng(new URL('fractals.png', OUT).pathname, tile(pick(['perlin-fbm.png', 'perlin-ridged.png', 'perlin-fbm-warped.png']), 3));
writeGreyPng(new URL('interpolations.png', OUT).pathname, tile(pick(INTERPOLATIONS.map((i) => `value-${i}.png`)), 5));
md.push(
  '',
  '![white, value, Perlin, simplex-noise; plain above, fBm below](overview.png)',
  '',
  '![Perlin fBm, ridged, warped](fractals.png)',
  '',
  '![value noise: linear, cosine, smoothstep, quintic, cubic](interpolations.png)',
  '',
);
writeFileSync(new URL('stats.md', OUT), md.join('\n'));
console.log(`\nwrote ${sources.length} images, overview.png (plain above, fBm below: ${bases.map((b) => b.name).join(', ')}), fractals.png, interpolations.png, stats.md`);
