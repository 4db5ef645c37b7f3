/**
 * What a worker does for one request, as a plain function so Node tests can run it and
 * compare with the main-thread path.
 */
import { columnFromPaddedVolume, generatePaddedVolume, meshColumnGreedy, paddedIndex, updatePaddedMaxY } from '../mesh';
import { COLUMN_SIZE, hashChunk, isValidBlockId, WORLD_HEIGHT } from '../world';
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
      const lx = e.x - x0;
      const lz = e.z - z0;
      // Whole numbers only: a fractional y or x can still give a whole paddedIndex, i.e.
      // write another block (local (0, 10.5, 8) lands on (0, 11, -1)).
      if (!Number.isInteger(lx) || !Number.isInteger(lz) || !Number.isInteger(e.y)) continue;
      if (lx < -1 || lx > COLUMN_SIZE || lz < -1 || lz > COLUMN_SIZE || e.y < 0 || e.y >= WORLD_HEIGHT) continue;
      if (!isValidBlockId(e.block)) continue;
      volume.blocks[paddedIndex(lx, e.y, lz)] = e.block;
    }
    updatePaddedMaxY(volume);
  }
  const column = columnFromPaddedVolume(volume, cx, cz, params);
  const hash = hashChunk(column);
  const t1 = now();
  const mesh = meshColumnGreedy(volume);
  const t2 = now();
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
    meshMs: t2 - t1,
  };
}
