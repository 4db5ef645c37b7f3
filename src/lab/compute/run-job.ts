/**
 * What a draw worker runs: one job in, one result out. Pure apart from what the worker keeps
 * between jobs (the tile colours it decoded once, the octave caches); Node tests call this
 * directly.
 */
import type { LabJob, LabResult } from '../protocol';
import { computeCurves } from './curves-1d';
import { computeFbmSource, computeOctaves } from './fbm-2d';
import { computePlain2D } from './plain-2d';
import { computeSlices } from './slices';
import { OctaveCache } from './octave-cache';
import { computeTerrainSide } from './terrain-map';
import type { Rgb } from './tile-colours';

/** What a draw worker keeps between jobs. */
export interface WorkerMemory {
  tileColours: readonly Rgb[];
  /** One cache per panel, so each keeps the octaves its own figures show. */
  octaveCaches: Map<string, OctaveCache>;
}

export function createWorkerMemory(tileColours: readonly Rgb[] = []): WorkerMemory {
  return { tileColours, octaveCaches: new Map() };
}

function cacheFor(memory: WorkerMemory, panel: string): OctaveCache {
  let cache = memory.octaveCaches.get(panel);
  if (!cache) {
    cache = new OctaveCache();
    memory.octaveCaches.set(panel, cache);
  }
  return cache;
}

export function runLabJob(job: LabJob, memory: WorkerMemory): LabResult {
  switch (job.kind) {
    case 'curves':
      return { kind: 'curves', curves: computeCurves(job.seed) };
    case 'plain':
      return { kind: 'plain', figures: computePlain2D(job.seed, job.view) };
    case 'octaves':
      return { kind: 'octaves', octaves: computeOctaves(job.seed, job.noise, job.shape, job.view, cacheFor(memory, 'octaves')) };
    case 'fbm':
      return { kind: 'fbm', figure: computeFbmSource(job.seed, job.source, job.shape, job.view, cacheFor(memory, `fbm-${job.source}`)) };
    case 'terrain': {
      const { area, side } = computeTerrainSide(job.params, job.noise, job.view, memory.tileColours);
      // Heights and tops stay in the worker: the page draws pixels and prints the ranges.
      return { kind: 'terrain', area, noise: side.noise, rgba: side.rgba, minHeight: side.minHeight, maxHeight: side.maxHeight, water: side.water };
    }
    case 'slices':
      return { kind: 'slices', t: job.t, figures: computeSlices(job.seed, job.t) };
  }
}
