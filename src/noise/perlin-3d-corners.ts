/**
 * The corner gradients of seeded 3D Perlin (perlin.ts) as tables, shared by the per-sample
 * function and its lattice fill (perlin-grid-3d.ts), so both pick the same entries.
 */
/*
 * Perlin's 2002 gradient function, as tables. grad(h, x, y, z) picks u from x or y and v from
 * y, x or z by the low 4 bits of h, negates u if bit 0 is set and v if bit 1 is, and returns
 * u + v. Written with ternaries (as in improved-noise.ts) that is 3 to 5 data-dependent
 * branches per corner; on scattered points they mispredicted so often that 3D Perlin took
 * 170 ns per sample (simplex-noise: 62). Here the corner offsets and their negations sit in a
 * small array, [dx0, dx1, dy0, dy1, dz0, dz1, -dx0, ..., -dz1], and two tables say which
 * entries are u and v for each corner and hash: no branch, and the same bits, since negation
 * is exact (-0 included) and u + v is the same addition. 31 ns.
 *
 * Corner c = i + 2j + 4k uses dx_i (index i), dy_j (2 + j), dz_k (4 + k); its entries are
 * U_INDEX[16c + h] and V_INDEX[16c + h], plus 6 where the hash negates them.
 */
export const U_INDEX = new Uint8Array(128);
export const V_INDEX = new Uint8Array(128);
for (let c = 0; c < 8; c++) {
  const xi = c & 1;
  const yi = 2 + ((c >> 1) & 1);
  const zi = 4 + ((c >> 2) & 1);
  for (let h = 0; h < 16; h++) {
    U_INDEX[16 * c + h] = (h < 8 ? xi : yi) + (h & 1 ? 6 : 0);
    V_INDEX[16 * c + h] = (h < 4 ? yi : h === 12 || h === 14 ? xi : zi) + (h & 2 ? 6 : 0);
  }
}

/** Writes [dx0, dx1, dy0, dy1, dz0, dz1] and their negations into `d`. */
export function cornerOffsets(d: Float64Array, dx0: number, dy0: number, dz0: number): void {
  const dx1 = dx0 - 1;
  const dy1 = dy0 - 1;
  const dz1 = dz0 - 1;
  d[0] = dx0;
  d[1] = dx1;
  d[2] = dy0;
  d[3] = dy1;
  d[4] = dz0;
  d[5] = dz1;
  d[6] = -dx0;
  d[7] = -dx1;
  d[8] = -dy0;
  d[9] = -dy1;
  d[10] = -dz0;
  d[11] = -dz1;
}
