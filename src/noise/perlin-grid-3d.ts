/**
 * The lattice fill for seeded 3D Perlin (default options): bit for bit createPerlin3D's
 * per-sample function at every (xs[i], ys[j], zs[k]), with the work of each axis done once
 * per coordinate instead of once per sample: the floor, the offset, the fade and the primed
 * lattice hash. Per sample what is left is the eight corner hashes, their gradient dot
 * products and the lerps, in the same operations on the same operands as perlin.ts (the same
 * corner tables, perlin-3d-corners.ts), so the same bits.
 *
 * It also keeps every value unboxed: the caves called the per-sample function hundreds of
 * times per column, each call passing three doubles and returning one as heap numbers.
 */
import type { AxisFill3D } from './grid-3d';
import { HASH_MULTIPLIER, PRIME_X, PRIME_Y, PRIME_Z } from './hash';
import { cornerOffsets, U_INDEX, V_INDEX } from './perlin-3d-corners';

const PX = PRIME_X;
const PY = PRIME_Y;
const PZ = PRIME_Z;
const HM = HASH_MULTIPLIER;

/** Per coordinate of one axis: offset from its lattice floor, fade, and the primed floor. */
interface AxisData {
  offset: Float64Array;
  fade: Float64Array;
  primed: Int32Array;
}

function axisData(n: number): AxisData {
  return { offset: new Float64Array(n), fade: new Float64Array(n), primed: new Int32Array(n) };
}

/** The per-sample function's first steps for each coordinate of one axis. */
function prepareAxis(vs: Float64Array, n: number, prime: number, into: AxisData): void {
  for (let i = 0; i < n; i++) {
    const v = vs[i]!;
    const v0 = Math.floor(v);
    const d0 = v - v0;
    into.offset[i] = d0;
    into.fade[i] = d0 * d0 * d0 * (d0 * (d0 * 6 - 15) + 10);
    into.primed[i] = Math.imul(v0, prime);
  }
}

/** Lattice fill for createPerlin3D with the mixed seed `s`; grow-only scratch in its closure. */
export function createPerlin3DAxisFill(s: number): AxisFill3D {
  const ui = U_INDEX;
  const vi = V_INDEX;
  const d = new Float64Array(12);
  let ax = axisData(0);
  let ay = axisData(0);
  let az = axisData(0);

  return function fillPerlin3D(xs, nx, ys, ny, zs, nz, out): void {
    if (ax.offset.length < nx) ax = axisData(nx);
    if (ay.offset.length < ny) ay = axisData(ny);
    if (az.offset.length < nz) az = axisData(nz);
    prepareAxis(xs, nx, PX, ax);
    prepareAxis(ys, ny, PY, ay);
    prepareAxis(zs, nz, PZ, az);
    const xo = ax.offset;
    const xf = ax.fade;
    const xp = ax.primed;
    const yo = ay.offset;
    const yf = ay.fade;
    const yp = ay.primed;
    for (let k = 0; k < nz; k++) {
      const dz0 = az.offset[k]!;
      const w = az.fade[k]!;
      const zp0 = az.primed[k]!;
      const zp1 = (zp0 + PZ) | 0;
      for (let i = 0; i < nx; i++) {
        const dx0 = xo[i]!;
        const u = xf[i]!;
        const xp0 = xp[i]!;
        const sx0 = s ^ xp0;
        const sx1 = s ^ ((xp0 + PX) | 0);
        const row = ny * (i + nx * k);
        for (let j = 0; j < ny; j++) {
          const dy0 = yo[j]!;
          cornerOffsets(d, dx0, dy0, dz0);
          const yp0 = yp[j]!;
          const yp1 = (yp0 + PY) | 0;
          const yz00 = yp0 ^ zp0;
          const yz10 = yp1 ^ zp0;
          const yz01 = yp0 ^ zp1;
          const yz11 = yp1 ^ zp1;
          let h = Math.imul(sx0 ^ yz00, HM);
          h = (h ^ (h >>> 15)) & 15;
          const n000 = d[ui[h]!]! + d[vi[h]!]!;
          h = Math.imul(sx1 ^ yz00, HM);
          h = ((h ^ (h >>> 15)) & 15) | 16;
          const n100 = d[ui[h]!]! + d[vi[h]!]!;
          h = Math.imul(sx0 ^ yz10, HM);
          h = ((h ^ (h >>> 15)) & 15) | 32;
          const n010 = d[ui[h]!]! + d[vi[h]!]!;
          h = Math.imul(sx1 ^ yz10, HM);
          h = ((h ^ (h >>> 15)) & 15) | 48;
          const n110 = d[ui[h]!]! + d[vi[h]!]!;
          h = Math.imul(sx0 ^ yz01, HM);
          h = ((h ^ (h >>> 15)) & 15) | 64;
          const n001 = d[ui[h]!]! + d[vi[h]!]!;
          h = Math.imul(sx1 ^ yz01, HM);
          h = ((h ^ (h >>> 15)) & 15) | 80;
          const n101 = d[ui[h]!]! + d[vi[h]!]!;
          h = Math.imul(sx0 ^ yz11, HM);
          h = ((h ^ (h >>> 15)) & 15) | 96;
          const n011 = d[ui[h]!]! + d[vi[h]!]!;
          h = Math.imul(sx1 ^ yz11, HM);
          h = ((h ^ (h >>> 15)) & 15) | 112;
          const n111 = d[ui[h]!]! + d[vi[h]!]!;
          const v = yf[j]!;
          const nx00 = n000 + u * (n100 - n000);
          const nx10 = n010 + u * (n110 - n010);
          const nx01 = n001 + u * (n101 - n001);
          const nx11 = n011 + u * (n111 - n011);
          const nxy0 = nx00 + v * (nx10 - nx00);
          const nxy1 = nx01 + v * (nx11 - nx01);
          const r = nxy0 + w * (nxy1 - nxy0);
          // NaN exactly where the per-sample function returns 0 (non-finite input).
          out[row + j] = r === r ? r : 0;
        }
      }
    }
  };
}
