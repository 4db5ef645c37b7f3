/**
 * What a worker does for one request, as a plain function so Node tests can run it and
 * compare with the main-thread path.
 */
import { computeSectionGraphs, createPaddedVolume, generatePaddedVolume, hashPaddedColumn, meshColumnGreedy, PADDED_SIZE, type PaddedVolume } from '../mesh';
import { addSample, emptyMoments } from '../stats';
import { COLUMN_SIZE } from '../world';
import type { BuildColumnRequest, BuildColumnResult, SurfaceSummary } from './protocol';

export type Clock = () => number;

/** The volume every build in this thread overwrites (builds never overlap in one thread). */
let scratchVolume: PaddedVolume | undefined;

export function buildColumn(request: BuildColumnRequest, now: Clock): BuildColumnResult {
  const { params, cx, cz } = request;
  const t0 = now();
  const heights = new Int16Array(PADDED_SIZE * PADDED_SIZE);
  // Edits go in before the light is computed (they may open a cave or shade a valley);
  // requests cross a thread boundary, so generatePaddedVolume checks them again, and ignores
  // those beyond LIGHT_MARGIN of the column.
  scratchVolume ??= createPaddedVolume();
  const volume = generatePaddedVolume(params, cx, cz, heights, request.edits, scratchVolume);
  const t1 = now();
  const hash = hashPaddedColumn(volume);
  const t2 = now();
  const mesh = meshColumnGreedy(volume);
  // What the renderer's cave-face culling walks (src/stream/section-walk.ts).
  mesh.sectionGraphs = computeSectionGraphs(volume);
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
    surface: summariseSurface(heights, params.seaLevel),
    generateMs: t1 - t0,
    hashMs: t2 - t1,
    meshMs: t3 - t2,
  };
}

/** The column's own 16 x 16 heights (the padded grid without its border), summarised. */
export function summariseSurface(paddedHeights: Int16Array, seaLevel: number): SurfaceSummary {
  const summary: SurfaceSummary = { ...emptyMoments(), land: 0 };
  for (let z = 0; z < COLUMN_SIZE; z++) {
    for (let x = 0; x < COLUMN_SIZE; x++) {
      const h = paddedHeights[x + 1 + PADDED_SIZE * (z + 1)]!;
      addSample(summary, h);
      if (h >= seaLevel) summary.land++;
    }
  }
  return summary;
}
