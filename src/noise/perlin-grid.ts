/**
 * The batch path for seeded 2D Perlin (default options): fills a grid of samples bit for bit
 * equal to createPerlin2D's per-sample function, with the work shared wherever the grid
 * allows.
 *
 * - Per column (once, not once per row): floor, offsets dx0/dx1, fade u, and which lattice
 *   corners it uses. Adjacent columns in the same cell share corners, and neighbouring cells
 *   share their common corner, so a 16-wide column at terrain frequencies hashes 2 to 4
 *   x-corners instead of 16 x 4.
 * - Per row: dy0, dy1 and the fade v.
 * - Per run of rows in the same lattice row: the corner hashes (gradient indices); per column
 *   and run, the x half of each corner's dot product (gx * dx) and its gy.
 * - Per sample: what is left, four multiply-adds and three lerps.
 *
 * Bit-identity holds because every value is produced by the same operations on the same
 * operands as in perlin.ts: `gx * dx0 + gy * dy0` rounds the two products and then the sum,
 * whether the first product was computed a moment ago or when the run began.
 */
import { GRADIENTS_2D_X, GRADIENTS_2D_Y, PERLIN_2D_SCALE } from './gradients';
import type { AxisFill2D } from './grid';
import { HASH_MULTIPLIER, PRIME_X, PRIME_Y } from './hash';

const PX = PRIME_X;
const PY = PRIME_Y;
const HM = HASH_MULTIPLIER;
const SCALE = PERLIN_2D_SCALE;

/**
 * Grid fill for createPerlin2D with the mixed seed `s`. Keeps grow-only scratch arrays in its
 * closure: a fill allocates nothing once it has seen a grid of that size.
 *
 * Loop order: columns outside, rows inside. A column's x data and, per run of rows in one
 * lattice row, its four gradients then stay in registers, and each sample reads only its
 * row's dy0, dy1 and fade (3 loads). Rows outside would reload 9 per-column values per sample;
 * this order measured about 1.5x faster on 16x16 grids.
 */
export function createPerlin2DAxisFill(s: number): AxisFill2D {
  const gx = GRADIENTS_2D_X;
  const gy = GRADIENTS_2D_Y;
  // Grow-only scratch, kept between calls.
  let rowData = new Float64Array(0); // per row: dy0, dy1, v
  let runEnd = new Int32Array(0); // per run of rows with the same lattice y: one past its last row
  let runGrads = new Int32Array(0); // per run, per lattice x corner: gradient index at y0 and y0 + 1
  let corners = new Int32Array(0); // per distinct lattice x in the grid: s ^ (x * PRIME_X)
  let cornerOf = new Int32Array(0); // per column: its left and right corner

  return function fillPerlin2D(xs, nx, ys, ny, out, weight): void {
    if (cornerOf.length < 2 * nx) {
      corners = new Int32Array(2 * nx);
      cornerOf = new Int32Array(2 * nx);
    }
    if (runEnd.length < ny) {
      rowData = new Float64Array(3 * ny);
      runEnd = new Int32Array(ny);
    }
    // Locals, not the closure's `let`s: V8 then keeps the array bases in registers.
    const cx = corners;
    const cof = cornerOf;
    const rd = rowData;
    const re = runEnd;

    // Columns: the list of distinct lattice x corners, and each column's two.
    let cornerCount = 0;
    let previousX0 = NaN;
    let lastCornerX = NaN;
    let left = 0;
    let right = 0;
    for (let i = 0; i < nx; i++) {
      const x0 = Math.floor(xs[i]!);
      if (x0 !== previousX0) {
        previousX0 = x0;
        const xp0 = Math.imul(x0, PX);
        if (x0 === lastCornerX) {
          left = cornerCount - 1;
        } else {
          cx[cornerCount] = s ^ xp0;
          left = cornerCount++;
        }
        cx[cornerCount] = s ^ ((xp0 + PX) | 0);
        right = cornerCount++;
        lastCornerX = x0 + 1;
      }
      cof[2 * i] = left;
      cof[2 * i + 1] = right;
    }

    // Rows: offsets and fade; runs of rows in the same lattice row, with their corner hashes.
    let runCount = 0;
    let runY0 = NaN;
    for (let j = 0; j < ny; j++) {
      const y = ys[j]!;
      const y0 = Math.floor(y);
      const dy0 = y - y0;
      rd[3 * j] = dy0;
      rd[3 * j + 1] = dy0 - 1;
      rd[3 * j + 2] = dy0 * dy0 * dy0 * (dy0 * (dy0 * 6 - 15) + 10);
      if (j === 0 || y0 !== runY0) {
        runY0 = y0;
        runCount++;
      }
      re[runCount - 1] = j + 1;
    }
    const stride = 2 * cornerCount;
    if (runGrads.length < runCount * stride) runGrads = new Int32Array(runCount * stride);
    const rg = runGrads;
    for (let r = 0, j = 0; r < runCount; j = re[r]!, r++) {
      const y0 = Math.floor(ys[j]!);
      const yp0 = Math.imul(y0, PY);
      const yp1 = (yp0 + PY) | 0;
      const base = r * stride;
      for (let c = 0; c < cornerCount; c++) {
        const sx = cx[c]!;
        let h = Math.imul(sx ^ yp0, HM);
        rg[base + 2 * c] = (h ^ (h >>> 15)) & 15;
        h = Math.imul(sx ^ yp1, HM);
        rg[base + 2 * c + 1] = (h ^ (h >>> 15)) & 15;
      }
    }

    for (let i = 0; i < nx; i++) {
      const x = xs[i]!;
      const x0 = Math.floor(x);
      const dx0 = x - x0;
      const dx1 = dx0 - 1;
      const u = dx0 * dx0 * dx0 * (dx0 * (dx0 * 6 - 15) + 10);
      const l = 2 * cof[2 * i]!;
      const rr = 2 * cof[2 * i + 1]!;
      let j = 0;
      for (let r = 0; r < runCount; r++) {
        const base = r * stride;
        // The x halves of the four dot products, and their gy factors, for this run.
        let g = rg[base + l]!;
        const a00 = gx[g]! * dx0;
        const b00 = gy[g]!;
        g = rg[base + rr]!;
        const a10 = gx[g]! * dx1;
        const b10 = gy[g]!;
        g = rg[base + l + 1]!;
        const a01 = gx[g]! * dx0;
        const b01 = gy[g]!;
        g = rg[base + rr + 1]!;
        const a11 = gx[g]! * dx1;
        const b11 = gy[g]!;
        const end = re[r]!;
        // Two copies of the sample loop, so neither tests `weight` per sample.
        if (weight === undefined) {
          for (; j < end; j++) {
            const dy0 = rd[3 * j]!;
            const dy1 = rd[3 * j + 1]!;
            const n00 = a00 + b00 * dy0;
            const n10 = a10 + b10 * dy0;
            const n01 = a01 + b01 * dy1;
            const n11 = a11 + b11 * dy1;
            const nx0 = n00 + u * (n10 - n00);
            const nx1 = n01 + u * (n11 - n01);
            const value = (nx0 + rd[3 * j + 2]! * (nx1 - nx0)) * SCALE;
            // NaN exactly where the per-sample function returns 0 (non-finite x or y).
            out[i + nx * j] = value === value ? value : 0;
          }
        } else {
          for (; j < end; j++) {
            const dy0 = rd[3 * j]!;
            const dy1 = rd[3 * j + 1]!;
            const n00 = a00 + b00 * dy0;
            const n10 = a10 + b10 * dy0;
            const n01 = a01 + b01 * dy1;
            const n11 = a11 + b11 * dy1;
            const nx0 = n00 + u * (n10 - n00);
            const nx1 = n01 + u * (n11 - n01);
            const value = (nx0 + rd[3 * j + 2]! * (nx1 - nx0)) * SCALE;
            const k = i + nx * j;
            out[k] = out[k]! + (value === value ? value : 0) * weight;
          }
        }
      }
    }
  };
}
