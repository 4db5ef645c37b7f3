/**
 * What the draw worker runs: one job in, one result out. Pure apart from the tile colours,
 * which the worker decodes from the atlas once and passes in; Node tests call this directly.
 */
import type { LabJob, LabResult } from '../protocol';
import { computeCurves } from './curves-1d';
import { computeFbmSources, computeOctaves } from './fbm-2d';
import { computePlain2D } from './plain-2d';
import { computeSlices } from './slices';
import { computeTerrainSide } from './terrain-map';
import type { Rgb } from './tile-colours';

export function runLabJob(job: LabJob, tileColours: readonly Rgb[]): LabResult {
  switch (job.kind) {
    case 'curves':
      return { kind: 'curves', curves: computeCurves(job.seed) };
    case 'plain':
      return { kind: 'plain', figures: computePlain2D(job.seed, job.view) };
    case 'octaves':
      return { kind: 'octaves', octaves: computeOctaves(job.seed, job.noise, job.shape, job.view) };
    case 'fbm':
      return { kind: 'fbm', sources: computeFbmSources(job.seed, job.shape, job.view) };
    case 'terrain': {
      const { area, side } = computeTerrainSide(job.params, job.noise, job.view, tileColours);
      // Heights and tops stay in the worker: the page draws pixels and prints the ranges.
      return { kind: 'terrain', area, noise: side.noise, rgba: side.rgba, minHeight: side.minHeight, maxHeight: side.maxHeight, water: side.water };
    }
    case 'slices':
      return { kind: 'slices', t: job.t, figures: computeSlices(job.seed, job.t) };
  }
}
