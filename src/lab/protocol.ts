/**
 * Messages between the lab page and its draw workers (lab.worker.ts). Every job names its
 * panel and carries an id; the reply carries both back, with the pixel buffers transferred,
 * not copied. A job holds everything it needs (the worker keeps no lab state), so any reply
 * can be matched to the exact state it was computed for.
 */
import type { Curve } from './compute/curves-1d';
import type { FbmShape, OctaveFigure } from './compute/fbm-2d';
import type { SourceFigure } from './compute/plain-2d';
import type { SliceFigure } from './compute/slices';
import type { SourceName } from './compute/sources';
import type { TerrainArea } from './compute/terrain-map';
import type { LabView } from './lab-state';
import type { NoiseSource, WorldParams } from '../world';

/** One panel per fBm source, so the four split over both workers. */
export type FbmPanel = `fbm-${SourceName}`;
export type PanelName = 'curves' | 'plain' | 'octaves' | FbmPanel | 'terrain-perlin' | 'terrain-simplex' | 'slices';
/** Panels drawn once per state change (the animation is not one of them). */
export const STATIC_PANELS: readonly PanelName[] = ['curves', 'plain', 'octaves', 'fbm-white', 'fbm-value', 'fbm-perlin', 'fbm-simplex', 'terrain-perlin', 'terrain-simplex'];

/**
 * Which of the two draw workers runs a panel's jobs, balanced by the costs measured for the
 * common changes (an fBm slider moves the octaves, the four fBm sources and both terrains;
 * the zoom both terrains): the simplex terrain is the dearest job, white and value fBm the
 * next, as neither has a batch path. Both halves of a change then run side by side.
 */
export const WORKER_OF_PANEL: Readonly<Record<PanelName, 0 | 1>> = Object.freeze({
  curves: 0,
  plain: 0,
  octaves: 0,
  'terrain-perlin': 0,
  'fbm-value': 0,
  'fbm-simplex': 0,
  slices: 0,
  'terrain-simplex': 1,
  'fbm-white': 1,
  'fbm-perlin': 1,
});
export const DRAW_WORKERS = 2;

export type LabJob =
  | { kind: 'curves'; seed: number }
  | { kind: 'plain'; seed: number; view: Pick<LabView, 'x' | 'z' | 'cell'> }
  | { kind: 'octaves'; seed: number; noise: NoiseSource; shape: FbmShape; view: Pick<LabView, 'x' | 'z'> }
  | { kind: 'fbm'; seed: number; source: SourceName; shape: FbmShape; view: Pick<LabView, 'x' | 'z'> }
  | { kind: 'terrain'; params: WorldParams; noise: NoiseSource; view: Pick<LabView, 'x' | 'z' | 'zoom'> }
  | { kind: 'slices'; seed: number; t: number };

export type LabResult =
  | { kind: 'curves'; curves: Curve[] }
  | { kind: 'plain'; figures: SourceFigure[] }
  | { kind: 'octaves'; octaves: OctaveFigure[] }
  | { kind: 'fbm'; figure: SourceFigure }
  | { kind: 'terrain'; area: TerrainArea; noise: NoiseSource; rgba: Uint8ClampedArray; minHeight: number; maxHeight: number; water: number }
  | { kind: 'slices'; t: number; figures: SliceFigure[] };

export interface LabInitMessage {
  type: 'init';
  /** Where the block textures are (assets/atlas.png as the build names it). */
  atlasUrl: string;
}

export interface LabJobMessage {
  type: 'job';
  id: number;
  panel: PanelName;
  job: LabJob;
}

export type LabRequest = LabInitMessage | LabJobMessage;

export type LabReply =
  | { type: 'done'; id: number; panel: PanelName; result: LabResult; workerMs: number }
  | { type: 'error'; id: number; panel: PanelName; message: string };

/** The buffers a result can hand over without copying. */
export function transferablesOf(result: LabResult): ArrayBuffer[] {
  const buffers: ArrayBufferLike[] = [];
  switch (result.kind) {
    case 'curves':
      for (const c of result.curves) buffers.push(c.samples.buffer, c.lattice.buffer, c.slopes.buffer);
      break;
    case 'plain':
      for (const f of result.figures) buffers.push(f.rgba.buffer);
      break;
    case 'octaves':
      for (const o of result.octaves) buffers.push(o.rgba.buffer, o.sumRgba.buffer);
      break;
    case 'fbm':
      buffers.push(result.figure.rgba.buffer);
      break;
    case 'terrain':
      buffers.push(result.rgba.buffer);
      break;
    case 'slices':
      for (const f of result.figures) buffers.push(f.rgba.buffer);
      break;
  }
  return buffers as ArrayBuffer[];
}
