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
import { axisFill2D, type AxisFill2D } from '../../noise/grid';

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
  /**
   * Computes the grid nodes around every point (xs[i], zs[j]), i < nx, j < nz (both lists
   * ascending), for `interpolate` calls until the next `cover` or `fill`. Nodes are only
   * computed in the cells the points fall in, so sparse lists (far terrain samples) cost
   * their own cells, not the box around them.
   */
  cover(xs: Float64Array, nx: number, zs: Float64Array, nz: number): void;
  /**
   * As `fill`, for the points (xs[i], zs[j]) (field f of point i + nx * j at
   * out[(i + nx * j) * CLIMATE_FIELDS + f]); every point must lie in a cell the last `cover`
   * covered (a RangeError otherwise), and both lists must be ascending.
   */
  interpolate(out: Float64Array, xs: Float64Array, nx: number, zs: Float64Array, nz: number): void;
}

/**
 * The distinct grid cells (ascending) of the ascending coordinates vs[0..n), each followed
 * by the next cell (the interpolation's far node): writes them to `cells`, returns how many.
 */
function coverAxis(vs: Float64Array, n: number, cells: Float64Array): number {
  let count = 0;
  for (let i = 0; i < n; i++) {
    const c = Math.floor(vs[i]! / CLIMATE_CELL);
    if (count === 0 || cells[count - 1]! < c) cells[count++] = c;
    if (cells[count - 1]! < c + 1) cells[count++] = c + 1;
  }
  return count;
}

export function createClimate(source: SeededNoise2D, seed: number, biomeScale: number, simplex: boolean): Climate {
  const fields: Noise2D[] = FIELD_SPECS.map((s) =>
    createFbm2D(source, (seed ^ s.seedXor) | 0, { octaves: s.octaves, persistence: 0.5, lacunarity: 2, frequency: 1 / (s.wavelength * biomeScale) }),
  );
  // Batch fills: the same bits as calling each field per node (noise/grid.ts), with the
  // lattice work shared along the node grid's rows and columns.
  const fieldFills: AxisFill2D[] = fields.map(axisFill2D);
  const gains = FIELD_SPECS.map((s) => (simplex ? s.gain * SIMPLEX_GAIN : s.gain));
  const bias = FIELD_SPECS.map((_, f) => (f === Field.Continent ? CONTINENT_BIAS : 0));
  // Grow-only scratch. Node (i, j) of field f at nodes[f * nodeCount + i + nodesX * j].
  let nodes = new Float64Array(0);
  let plane = new Float64Array(0);
  let cellsX = new Float64Array(0);
  let cellsZ = new Float64Array(0);
  let nodeXs = new Float64Array(0);
  let nodeZs = new Float64Array(0);
  let nodesX = 0;
  let nodesZ = 0;
  let regularX = new Float64Array(0);
  let regularZ = new Float64Array(0);

  function cover(xs: Float64Array, nx: number, zs: Float64Array, nz: number): void {
    if (cellsX.length < 2 * nx) {
      cellsX = new Float64Array(2 * nx);
      nodeXs = new Float64Array(2 * nx);
    }
    if (cellsZ.length < 2 * nz) {
      cellsZ = new Float64Array(2 * nz);
      nodeZs = new Float64Array(2 * nz);
    }
    nodesX = coverAxis(xs, nx, cellsX);
    nodesZ = coverAxis(zs, nz, cellsZ);
    const count = nodesX * nodesZ;
    if (nodes.length < count * CLIMATE_FIELDS) nodes = new Float64Array(count * CLIMATE_FIELDS);
    if (plane.length < count) plane = new Float64Array(count);
    for (let f = 0; f < CLIMATE_FIELDS; f++) {
      const sx = SHIFT_X[f]!;
      const sz = SHIFT_Z[f]!;
      for (let i = 0; i < nodesX; i++) nodeXs[i] = cellsX[i]! * CLIMATE_CELL + sx;
      for (let j = 0; j < nodesZ; j++) nodeZs[j] = cellsZ[j]! * CLIMATE_CELL + sz;
      fieldFills[f]!(nodeXs, nodesX, nodeZs, nodesZ, plane);
      const g = gains[f]!;
      const b = bias[f]!;
      const base = f * count;
      for (let k = 0; k < count; k++) nodes[base + k] = plane[k]! * g + b;
    }
  }

  function interpolate(out: Float64Array, xs: Float64Array, nx: number, zs: Float64Array, nz: number): void {
    const count = nodesX * nodesZ;
    let j = 0;
    for (let z = 0; z < nz; z++) {
      const wz = zs[z]!;
      const cz = Math.floor(wz / CLIMATE_CELL);
      const tz = (wz - cz * CLIMATE_CELL) / CLIMATE_CELL;
      while (j < nodesZ && cellsZ[j]! < cz) j++;
      if (!(j + 1 < nodesZ && cellsZ[j] === cz)) throw new RangeError(`climate: z ${wz} is outside the covered cells`);
      let i = 0;
      for (let x = 0; x < nx; x++) {
        const wx = xs[x]!;
        const cx = Math.floor(wx / CLIMATE_CELL);
        const tx = (wx - cx * CLIMATE_CELL) / CLIMATE_CELL;
        while (i < nodesX && cellsX[i]! < cx) i++;
        if (!(i + 1 < nodesX && cellsX[i] === cx)) throw new RangeError(`climate: x ${wx} is outside the covered cells`);
        const n00 = i + nodesX * j;
        const n10 = n00 + 1;
        const n01 = n00 + nodesX;
        const n11 = n01 + 1;
        const o = (x + nx * z) * CLIMATE_FIELDS;
        for (let f = 0; f < CLIMATE_FIELDS; f++) {
          const base = f * count;
          const v00 = nodes[base + n00]!;
          const v01 = nodes[base + n01]!;
          const a = v00 + (nodes[base + n10]! - v00) * tx;
          const b = v01 + (nodes[base + n11]! - v01) * tx;
          out[o + f] = a + (b - a) * tz;
        }
      }
    }
  }

  function fill(out: Float64Array, x0: number, z0: number, width: number, depth: number): void {
    if (regularX.length < width) regularX = new Float64Array(width);
    if (regularZ.length < depth) regularZ = new Float64Array(depth);
    for (let x = 0; x < width; x++) regularX[x] = x0 + x;
    for (let z = 0; z < depth; z++) regularZ[z] = z0 + z;
    cover(regularX, width, regularZ, depth);
    interpolate(out, regularX, width, regularZ, depth);
  }
  return { fill, cover, interpolate };
}
