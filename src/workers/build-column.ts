/**
 * What a worker does for one request, as a plain function so Node tests can run it and
 * compare with the main-thread path.
 */
import { columnFromPaddedVolume, generatePaddedVolume, meshColumnGreedy, paddedIndex, updatePaddedMaxY } from '../mesh';
import { COLUMN_SIZE, hashChunk, validateEdit } from '../world';
import type { BuildColumnRequest, BuildColumnResult } from './protocol';

export type Clock = () => number;

export function buildColumn(request: BuildColumnRequest, now: Clock): BuildColumnResult {
  const { params, cx, cz } = request;
  const t0 = now();
  const volume = generatePaddedVolume(params, cx, cz);
  if (request.edits.length > 0) {
    const x0 = cx * COLUMN_SIZE;
    const z0 = cz * COLUMN_SIZE;
    for (const e of request.edits) {
      // Requests cross a thread boundary, so edits are checked again here; a fractional
      // coordinate would otherwise still give a whole paddedIndex, i.e. write another block.
      if (validateEdit(e) !== null) continue;
      const lx = e.x - x0;
      const lz = e.z - z0;
      if (lx < -1 || lx > COLUMN_SIZE || lz < -1 || lz > COLUMN_SIZE) continue; // beyond the one-block border
      volume.blocks[paddedIndex(lx, e.y, lz)] = e.block;
    }
    updatePaddedMaxY(volume);
  }
  const t1 = now();
  const hash = hashChunk(columnFromPaddedVolume(volume, cx, cz));
  const t2 = now();
  const mesh = meshColumnGreedy(volume);
  const t3 = now();
  return {
    type: 'built',
    id: request.id,
    generation: request.generation,
    revision: request.revision,
    cx,
    cz,
    hash,
    mesh,
    quads: mesh.vertices.length / 4,
    generateMs: t1 - t0,
    hashMs: t2 - t1,
    meshMs: t3 - t2,
  };
}
