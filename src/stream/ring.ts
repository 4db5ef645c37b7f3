/**
 * Which columns are near a point: the disc of columns whose centres lie within R columns
 * of the camera's column centre. Distances are squared and in column units, so no square
 * roots are needed and the set is exactly reproducible.
 */

export interface ColumnCoord {
  readonly cx: number;
  readonly cz: number;
}

/** Squared distance, in columns, between two column centres. */
export function columnDistance2(acx: number, acz: number, bcx: number, bcz: number): number {
  const dx = acx - bcx;
  const dz = acz - bcz;
  return dx * dx + dz * dz;
}

/** Columns within radius R (inclusive) of (cx, cz), nearest first, ties in a fixed order. */
export function columnsInRadius(cx: number, cz: number, radius: number): ColumnCoord[] {
  const r = Math.max(0, Math.floor(radius));
  const r2 = radius * radius;
  const out: { cx: number; cz: number; d2: number }[] = [];
  for (let dz = -r; dz <= r; dz++) {
    for (let dx = -r; dx <= r; dx++) {
      const d2 = dx * dx + dz * dz;
      if (d2 <= r2) out.push({ cx: cx + dx, cz: cz + dz, d2 });
    }
  }
  out.sort((a, b) => a.d2 - b.d2 || a.cz - b.cz || a.cx - b.cx);
  return out.map(({ cx: x, cz: z }) => ({ cx: x, cz: z }));
}
