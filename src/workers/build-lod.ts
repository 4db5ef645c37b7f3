/**
 * What a worker does for a far region (BuildLodRequest): sample its ground straight from the
 * generator, mesh it, and sort the mesh into the items the renderer draws (lod-split.ts), so
 * the main thread only places them. A plain function, like buildColumn, so Node tests and benches run it.
 */
import { meshLodRegion } from '../mesh';
import { splitLodRegion } from '../mesh/lod-split';
import { checkLodRegion, sampleLodRegion, terrainFor } from '../world';
import type { Clock } from './build-column';
import type { BuildLodRequest, BuildLodResult } from './protocol';

/** Throws a RangeError for a level outside 1..LOD_MAX_LEVEL or region coordinates that are not whole numbers. */
export function buildLodRegion(request: BuildLodRequest, now: Clock): BuildLodResult {
  const { params, level, rx, rz } = request;
  // Checked before the terrain is built: a request crosses a thread boundary.
  checkLodRegion(level, rx, rz);
  const t0 = now();
  const samples = sampleLodRegion(terrainFor(params), level, rx, rz, request.edits);
  const split = splitLodRegion(meshLodRegion(samples, params.seaLevel), level);
  const t1 = now();
  return {
    type: 'lod-built',
    id: request.id,
    generation: request.generation,
    revision: request.revision,
    level,
    rx,
    rz,
    split,
    quads: split.vertices.length / 4,
    buildMs: t1 - t0,
  };
}
