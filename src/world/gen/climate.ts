/**
 * The climate: six low-frequency 2D fields in the manner of Minecraft 1.18's multi-noise,
 * sampled on a coarse grid of CLIMATE_CELL blocks aligned to world coordinates (never to the
 * box asked for) and interpolated bilinearly. A grid node's value is a pure function of its
 * world position, and the interpolation weights are exact ((x - node) / 4), so every block's
 * climate is the same whichever box computed it.
 *
 * - continentalness: oceans (low), coasts, inland (high);
 * - temperature, humidity: the biome table and the grass tint;
 * - hilliness (Minecraft's erosion, inverted): how much the detail fBm lifts the land;
 * - peaks: where ridged mountains rise;
 * - river: a field whose zero line is a river (|river| small).
 *
 * Every field is an fBm of the world's noise source (Perlin or simplex-noise), with its own
 * seed; `biomeScale` stretches every wavelength.
 */
import { createFbm2D, type Noise2D, type SeededNoise2D } from '../../noise';

export const CLIMATE_CELL = 4;
export const CLIMATE_FIELDS = 6;
export const Field = { Continent: 0, Temperature: 1, Humidity: 2, Hills: 3, Peaks: 4, River: 5 } as const;

/** Wavelength (blocks, at biomeScale 1), octaves, seed xor and gain of each field, by Field index. */
const FIELD_SPECS: readonly { wavelength: number; octaves: number; seedXor: number; gain: number }[] = [
  { wavelength: 1400, octaves: 4, seedXor: 0x3c6ef372, gain: 2.4 },
  { wavelength: 1100, octaves: 2, seedXor: 0x7f4a7c15, gain: 2.0 },
  { wavelength: 900, octaves: 2, seedXor: 0x1f83d9ab, gain: 2.0 },
  { wavelength: 600, octaves: 2, seedXor: 0x5be0cd19, gain: 2.0 },
  { wavelength: 700, octaves: 3, seedXor: 0x6a09e667, gain: 2.4 },
  { wavelength: 800, octaves: 3, seedXor: 0x510e527f, gain: 2.0 },
];
/**
 * Gains bring each field to a spread of about 0.45 (its standard deviation) with Perlin;
 * simplex-noise's fields spread about 1.43 times wider, so its gains are scaled down to
 * match, and one biome table serves both sources.
 */
const SIMPLEX_GAIN = 0.7;
/**
 * Where each field is read, shifted from the block: Perlin and simplex are 0 at the lattice
 * origin, and unshifted every field would be 0 at (0, 0) for every seed (a river at spawn).
 */
const SHIFT_X = [5003.5, -7919.25, 3571.75, -2957.5, 6421.25, -4253.75];
const SHIFT_Z = [-6089.25, 2203.75, -5381.5, 7727.25, -1693.75, 3307.5];
/** Added to continentalness: about two thirds of the world is land. */
const CONTINENT_BIAS = 0.12;

export interface Climate {
  /**
   * Fills `out` with the interpolated fields of the blocks (x0 + i, z0 + j), i < width,
   * j < depth: field f of block k at out[k * CLIMATE_FIELDS + f].
   */
  fill(out: Float64Array, x0: number, z0: number, width: number, depth: number): void;
}

export function createClimate(source: SeededNoise2D, seed: number, biomeScale: number, simplex: boolean): Climate {
  const fields: Noise2D[] = FIELD_SPECS.map((s) =>
    createFbm2D(source, (seed ^ s.seedXor) | 0, { octaves: s.octaves, persistence: 0.5, lacunarity: 2, frequency: 1 / (s.wavelength * biomeScale) }),
  );
  const gains = FIELD_SPECS.map((s) => (simplex ? s.gain * SIMPLEX_GAIN : s.gain));
  const bias = FIELD_SPECS.map((_, f) => (f === Field.Continent ? CONTINENT_BIAS : 0));
  let nodes = new Float64Array(0);

  function fill(out: Float64Array, x0: number, z0: number, width: number, depth: number): void {
    const gx0 = Math.floor(x0 / CLIMATE_CELL);
    const gz0 = Math.floor(z0 / CLIMATE_CELL);
    const nx = Math.floor((x0 + width - 1) / CLIMATE_CELL) - gx0 + 2;
    const nz = Math.floor((z0 + depth - 1) / CLIMATE_CELL) - gz0 + 2;
    const need = nx * nz * CLIMATE_FIELDS;
    if (nodes.length < need) nodes = new Float64Array(need);
    for (let j = 0; j < nz; j++) {
      const wz = (gz0 + j) * CLIMATE_CELL;
      for (let i = 0; i < nx; i++) {
        const wx = (gx0 + i) * CLIMATE_CELL;
        const base = (i + nx * j) * CLIMATE_FIELDS;
        for (let f = 0; f < CLIMATE_FIELDS; f++) nodes[base + f] = fields[f]!(wx + SHIFT_X[f]!, wz + SHIFT_Z[f]!) * gains[f]! + bias[f]!;
      }
    }
    for (let z = 0; z < depth; z++) {
      const wz = z0 + z;
      const cz = Math.floor(wz / CLIMATE_CELL);
      const tz = (wz - cz * CLIMATE_CELL) / CLIMATE_CELL;
      const j = cz - gz0;
      for (let x = 0; x < width; x++) {
        const wx = x0 + x;
        const cx = Math.floor(wx / CLIMATE_CELL);
        const tx = (wx - cx * CLIMATE_CELL) / CLIMATE_CELL;
        const i = cx - gx0;
        const n00 = (i + nx * j) * CLIMATE_FIELDS;
        const n10 = n00 + CLIMATE_FIELDS;
        const n01 = n00 + nx * CLIMATE_FIELDS;
        const n11 = n01 + CLIMATE_FIELDS;
        const o = (x + width * z) * CLIMATE_FIELDS;
        for (let f = 0; f < CLIMATE_FIELDS; f++) {
          const a = nodes[n00 + f]! + (nodes[n10 + f]! - nodes[n00 + f]!) * tx;
          const b = nodes[n01 + f]! + (nodes[n11 + f]! - nodes[n01 + f]!) * tx;
          out[o + f] = a + (b - a) * tz;
        }
      }
    }
  }
  return { fill };
}
