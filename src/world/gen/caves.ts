/**
 * Caves: two 3D fields of the world's noise source make "spaghetti" tunnels where both are
 * near zero (|a| + |b| < SPAGHETTI), a third makes "cheese" caverns where it is high. All
 * three are sampled on a coarse grid of 4 x 8 x 4 blocks aligned to world coordinates and
 * interpolated trilinearly (Minecraft's cell size): a 16x16 column costs hundreds of 3D
 * samples per field, not one per block. Interpolation is exact per block (weights are
 * (x - node) / 4 and (y - node) / 8), so a block is carved or not whatever box asked.
 *
 * Where a cave may go is the caller's: CarveLimits gives, per block column, the highest y
 * to carve (see biomes-terrain.ts: never the surface block, deep under any water).
 */
import type { Noise3D } from '../../noise';
import { axisFill3D } from '../../noise/grid-3d';

export const CAVE_CELL_XZ = 4;
export const CAVE_CELL_Y = 8;
/** No cave at or below this y: bedrock (y = 0) and the floor above it stay whole. */
export const CAVE_MIN_Y = 5;
/** Tunnel thickness: |a| + |b| below this is air. */
const SPAGHETTI = 0.085;
/** Cavern threshold on the cheese field, and the extra depth caverns keep under the ground. */
const CHEESE = 0.42;
export const CHEESE_DEPTH = 10;

const FIELDS = 3;

export interface Caves {
  /**
   * Carves air into `out` (the box [x0, x0 + width) x [0, height) x [z0, z0 + depth), indexed
   * x + width * (z + depth * y)) for each block column k up to limit[k] (spaghetti) and
   * limit[k] - CHEESE_DEPTH (caverns). Only solid, non-bedrock blocks are carved.
   */
  carve(out: Uint8Array, x0: number, z0: number, width: number, depth: number, height: number, limit: Int16Array): void;
}

/** Bilinear between four nodes of `v` (x first, then z): the expressions carve always used. */
function bilinear(v: Float64Array, n00: number, n10: number, n01: number, n11: number, tx: number, tz: number): number {
  const p = v[n00]! + (v[n10]! - v[n00]!) * tx;
  const r = v[n01]! + (v[n11]! - v[n01]!) * tx;
  return p + (r - p) * tz;
}

/**
 * Far more than the rounding error of interpolating (a few units in the last place of values
 * about 1, so about 1e-15), and far less than anything the thresholds care about.
 */
const BOUND_SLACK = 1e-9;

/** The smallest |v| over a cell whose corners are vs: 0 when they differ in sign (carve's `> 0` test). */
function minAbs(v0: number, v1: number, v2: number, v3: number, v4: number, v5: number, v6: number, v7: number): number {
  const positive = v0 > 0;
  if ((v1 > 0) !== positive || (v2 > 0) !== positive || (v3 > 0) !== positive || (v4 > 0) !== positive || (v5 > 0) !== positive || (v6 > 0) !== positive || (v7 > 0) !== positive) return 0;
  return Math.min(Math.abs(v0), Math.abs(v1), Math.abs(v2), Math.abs(v3), Math.abs(v4), Math.abs(v5), Math.abs(v6), Math.abs(v7));
}

/**
 * Marks each 3D cell of the node lattice (nodes [l + ny * (i + nx * j)]) 1 where a cave may
 * open and 0 where none can. Every block value is a trilinear blend of its cell's eight
 * corners, so it lies between their least and greatest (give or take rounding): with the
 * same sign at all corners |a| is at least the least |corner|, and c at most the greatest
 * corner. A cell whose bounds miss both thresholds by BOUND_SLACK has no cave block, so
 * skipping it changes nothing; it saves interpolating every block column through it.
 */
function markOpenCells(open: Uint8Array, na: Float64Array, nb: Float64Array, nc: Float64Array, nx: number, nz: number, ny: number): void {
  for (let j = 0; j < nz - 1; j++) {
    for (let i = 0; i < nx - 1; i++) {
      const o00 = ny * (i + nx * j);
      const o10 = o00 + ny;
      const o01 = o00 + ny * nx;
      const o11 = o01 + ny;
      const cells = (ny - 1) * (i + (nx - 1) * j);
      for (let l = 0; l < ny - 1; l++) {
        const a = minAbs(na[o00 + l]!, na[o10 + l]!, na[o01 + l]!, na[o11 + l]!, na[o00 + l + 1]!, na[o10 + l + 1]!, na[o01 + l + 1]!, na[o11 + l + 1]!);
        const b = minAbs(nb[o00 + l]!, nb[o10 + l]!, nb[o01 + l]!, nb[o11 + l]!, nb[o00 + l + 1]!, nb[o10 + l + 1]!, nb[o01 + l + 1]!, nb[o11 + l + 1]!);
        const c = Math.max(nc[o00 + l]!, nc[o10 + l]!, nc[o01 + l]!, nc[o11 + l]!, nc[o00 + l + 1]!, nc[o10 + l + 1]!, nc[o01 + l + 1]!, nc[o11 + l + 1]!);
        open[cells + l] = a + b >= SPAGHETTI + BOUND_SLACK && c <= CHEESE - BOUND_SLACK ? 0 : 1;
      }
    }
  }
}

export function createCaves(source: (seed: number) => Noise3D, seed: number): Caves {
  const a = source((seed ^ 0x0b4611a6) | 0);
  const b = source((seed ^ 0x7c3f9d21) | 0);
  const c = source((seed ^ 0x4f1bbcdc) | 0);
  // Tunnels: about 70 blocks between them across, a little flatter vertically.
  const FA = 1 / 72;
  const FAY = 1 / 48;
  const FC = 1 / 96;
  const FCY = 1 / 48;
  // Lattice fills: the per-sample bits, with each axis's work shared (noise/grid-3d.ts).
  const fillA = axisFill3D(a);
  const fillB = axisFill3D(b);
  const fillC = axisFill3D(c);
  // Grow-only scratch. Node (i, l, j) of a field at [l + ny * (i + nx * j)]: y fastest.
  let nodesA = new Float64Array(0);
  let nodesB = new Float64Array(0);
  let nodesC = new Float64Array(0);
  let xsA = new Float64Array(0);
  let xsC = new Float64Array(0);
  let ysA = new Float64Array(0);
  let ysC = new Float64Array(0);
  let zsA = new Float64Array(0);
  let zsC = new Float64Array(0);
  // A block column's values at each node level: field f of level l at [l * FIELDS + f].
  let colVals = new Float64Array(0);
  // Per 3D cell (i, l, j) at [l + (ny - 1) * (i + (nx - 1) * j)]: 1 if a cave may open in it.
  let open = new Uint8Array(0);

  function carve(out: Uint8Array, x0: number, z0: number, width: number, depth: number, height: number, limit: Int16Array): void {
    let top = -1;
    for (let k = 0; k < width * depth; k++) if (limit[k]! > top) top = limit[k]!;
    top = Math.min(top, height - 1);
    if (top < CAVE_MIN_Y) return;
    const gx0 = Math.floor(x0 / CAVE_CELL_XZ);
    const gz0 = Math.floor(z0 / CAVE_CELL_XZ);
    const nx = Math.floor((x0 + width - 1) / CAVE_CELL_XZ) - gx0 + 2;
    const nz = Math.floor((z0 + depth - 1) / CAVE_CELL_XZ) - gz0 + 2;
    // Nodes from y = 0 up to the first node at or above `top`.
    const ny = Math.floor(top / CAVE_CELL_Y) + 2;
    const need = nx * nz * ny;
    if (nodesA.length < need) {
      nodesA = new Float64Array(need);
      nodesB = new Float64Array(need);
      nodesC = new Float64Array(need);
    }
    if (xsA.length < nx) {
      xsA = new Float64Array(nx);
      xsC = new Float64Array(nx);
    }
    if (ysA.length < ny) {
      ysA = new Float64Array(ny);
      ysC = new Float64Array(ny);
    }
    if (zsA.length < nz) {
      zsA = new Float64Array(nz);
      zsC = new Float64Array(nz);
    }
    // The coordinates each node was sampled at: world position times frequency.
    for (let i = 0; i < nx; i++) {
      const wx = (gx0 + i) * CAVE_CELL_XZ;
      xsA[i] = wx * FA;
      xsC[i] = wx * FC;
    }
    for (let l = 0; l < ny; l++) {
      const wy = l * CAVE_CELL_Y;
      ysA[l] = wy * FAY;
      ysC[l] = wy * FCY;
    }
    for (let j = 0; j < nz; j++) {
      const wz = (gz0 + j) * CAVE_CELL_XZ;
      zsA[j] = wz * FA;
      zsC[j] = wz * FC;
    }
    fillA(xsA, nx, ysA, ny, zsA, nz, nodesA);
    fillB(xsA, nx, ysA, ny, zsA, nz, nodesB);
    fillC(xsC, nx, ysC, ny, zsC, nz, nodesC);
    const cellCount = (nx - 1) * (nz - 1) * (ny - 1);
    if (open.length < cellCount) open = new Uint8Array(cellCount);
    markOpenCells(open, nodesA, nodesB, nodesC, nx, nz, ny);
    if (colVals.length < ny * FIELDS) colVals = new Float64Array(ny * FIELDS);
    const layer = width * depth;
    for (let z = 0; z < depth; z++) {
      const wz = z0 + z;
      const cz = Math.floor(wz / CAVE_CELL_XZ);
      const tz = (wz - cz * CAVE_CELL_XZ) / CAVE_CELL_XZ;
      const j = cz - gz0;
      for (let x = 0; x < width; x++) {
        const k = x + width * z;
        const lim = Math.min(limit[k]!, height - 1);
        if (lim < CAVE_MIN_Y) continue;
        const wx = x0 + x;
        const cx = Math.floor(wx / CAVE_CELL_XZ);
        const tx = (wx - cx * CAVE_CELL_XZ) / CAVE_CELL_XZ;
        const i = cx - gx0;
        const o00 = (i + nx * j) * ny;
        const o10 = o00 + ny;
        const o01 = o00 + nx * ny;
        const o11 = o01 + ny;
        const cheeseTop = lim - CHEESE_DEPTH;
        const cells = (i + (nx - 1) * j) * (ny - 1);
        // Cell by cell in y. Along a cell each field is linear, so |a| is at least the
        // smaller end's |a| unless a changes sign; when even those lower bounds rule a
        // tunnel out and neither end reaches the cavern threshold, the cell has no cave
        // and its blocks are skipped (the same blocks would test solid one by one). Before
        // that, the whole 3D cell's bound (markOpenCells) skips most cells at once.
        // The highest node level whose values colVals holds for this column (-1: none), so
        // a run of open cells interpolates each shared level once.
        let done = -1;
        for (let l = 0; l * CAVE_CELL_Y <= lim; l++) {
          if (open[cells + l] === 0) continue;
          // Bilinear in x and z at the cell's two node levels, then linear in y.
          const q0 = l * FIELDS;
          for (let e = done >= l ? l + 1 : l; e <= l + 1; e++) {
            colVals[e * FIELDS] = bilinear(nodesA, o00 + e, o10 + e, o01 + e, o11 + e, tx, tz);
            colVals[e * FIELDS + 1] = bilinear(nodesB, o00 + e, o10 + e, o01 + e, o11 + e, tx, tz);
            colVals[e * FIELDS + 2] = bilinear(nodesC, o00 + e, o10 + e, o01 + e, o11 + e, tx, tz);
          }
          done = l + 1;
          const q1 = q0 + FIELDS;
          const a0 = colVals[q0]!;
          const a1 = colVals[q1]!;
          const b0 = colVals[q0 + 1]!;
          const b1 = colVals[q1 + 1]!;
          const c0 = colVals[q0 + 2]!;
          const c1 = colVals[q1 + 2]!;
          const yLow = l * CAVE_CELL_Y;
          const minA = (a0 > 0) !== (a1 > 0) ? 0 : Math.min(Math.abs(a0), Math.abs(a1));
          const minB = (b0 > 0) !== (b1 > 0) ? 0 : Math.min(Math.abs(b0), Math.abs(b1));
          const tunnels = minA + minB < SPAGHETTI;
          const caverns = yLow <= cheeseTop && (c0 > CHEESE || c1 > CHEESE);
          if (!tunnels && !caverns) continue;
          const yEnd = Math.min(lim, yLow + CAVE_CELL_Y - 1);
          for (let y = Math.max(CAVE_MIN_Y, yLow); y <= yEnd; y++) {
            const ty = (y - yLow) / CAVE_CELL_Y;
            const va = a0 + (a1 - a0) * ty;
            const vb = b0 + (b1 - b0) * ty;
            let air = Math.abs(va) + Math.abs(vb) < SPAGHETTI;
            if (!air && y <= cheeseTop) air = c0 + (c1 - c0) * ty > CHEESE;
            if (air) out[k + layer * y] = 0;
          }
        }
      }
    }
  }
  return { carve };
}
