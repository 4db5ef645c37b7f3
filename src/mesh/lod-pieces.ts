/**
 * Which column of a far region a quad is drawn with, for the LOD worker to cut regions up to
 * LOD_PIECE_MAX_LEVEL into one piece per column (lod-split.ts), so the renderer can leave out
 * the columns loaded in full detail (docs/architecture.md §7, "Far terrain"). The mesher keeps
 * every quad of such a region inside one column (lod-mesher.ts, tile); a quad goes to the
 * column of the cell it belongs to: a top's or a water surface's own cell, a wall's solid cell
 * (a +x wall at x lies on the boundary after cell x - 1, in that cell's column), as the old
 * per-fragment mask counted it.
 */
import { Face } from '../world';
import { vertexField } from './vertex-format';

/**
 * The column (tz * columns + tx, x and z in cells of `cellsPerColumn`) that quad q belongs
 * to; throws if it spans two (a mesh not made for cutting).
 */
export function columnOfQuad(vertices: Uint32Array, q: number, cellsPerColumn: number, columns: number): number {
  let minX = Infinity, minZ = Infinity, maxX = -Infinity, maxZ = -Infinity;
  for (let k = 0; k < 4; k++) {
    const v = vertices[q * 4 + k]!;
    const x = vertexField(v, 'x');
    const z = vertexField(v, 'z');
    if (x < minX) minX = x;
    if (x > maxX) maxX = x;
    if (z < minZ) minZ = z;
    if (z > maxZ) maxZ = z;
  }
  const face = vertexField(vertices[q * 4]!, 'face');
  // A +x (+z) wall lies on its cell's far edge: its cell starts one cell before it.
  const cellX = face === Face.PosX ? minX - 1 : minX;
  const cellZ = face === Face.PosZ ? minZ - 1 : minZ;
  const tx = Math.floor(cellX / cellsPerColumn);
  const tz = Math.floor(cellZ / cellsPerColumn);
  const lastX = face === Face.PosX || face === Face.NegX ? cellX : maxX - 1;
  const lastZ = face === Face.PosZ || face === Face.NegZ ? cellZ : maxZ - 1;
  if (Math.floor(lastX / cellsPerColumn) !== tx || Math.floor(lastZ / cellsPerColumn) !== tz || tx >= columns || tz >= columns) {
    throw new Error(`lod pieces: quad ${q} crosses a column boundary`);
  }
  return tz * columns + tx;
}
