/** Gathers what the HUD shows from the parts of the game that know it. */
import type { CompareSideData, HudData } from '../../ui';
import { BIOME_NAMES, COLUMN_SIZE, NO_BIOME, terrainFor, type WorldParams } from '../../world';
import type { CameraPose } from '../../controls/camera-pose';
import type { SideSummary } from '../session/world-side';

export interface HudSources {
  pose: CameraPose;
  fps: number;
  params: WorldParams;
  streaming: { ready: number; wanted: number; pending: number; loaded: number; keptBehind: number };
  far: HudData['far'];
  perColumn: { generateMs: number; meshMs: number; quads: number };
  frame: { drawCalls: number; triangles: number };
  workers: number;
  speed: number;
  mode: string;
  world: string;
  shared: string;
  biome: string;
  block: string;
  edits: number;
  compare?: CompareSideData[];
}

export const NOISE_LABELS: Readonly<Record<WorldParams['noise'], string>> = Object.freeze({
  perlin: 'Perlin (ours)',
  simplex: 'simplex-noise',
});

export function hudDataOf(s: HudSources): HudData {
  const p = s.pose;
  return {
    fps: s.fps,
    x: p.x,
    y: p.y,
    z: p.z,
    cx: Math.floor(p.x / COLUMN_SIZE),
    cz: Math.floor(p.z / COLUMN_SIZE),
    ready: s.streaming.ready,
    wanted: s.streaming.wanted,
    pending: s.streaming.pending,
    keptBehind: s.streaming.keptBehind,
    far: s.far,
    generateMs: s.perColumn.generateMs,
    meshMs: s.perColumn.meshMs,
    quadsPerColumn: s.perColumn.quads,
    drawCalls: s.frame.drawCalls,
    triangles: s.frame.triangles,
    workers: s.workers,
    noise: NOISE_LABELS[s.params.noise],
    seed: s.params.seed,
    speed: s.speed,
    mode: s.mode,
    world: s.world,
    ...(s.shared ? { shared: s.shared } : {}),
    biome: s.biome,
    block: s.block,
    edits: s.edits,
    ...(s.compare ? { compare: s.compare } : {}),
  };
}

/** One row of compare mode's HUD table, from a side's summary. */
export function compareSideData(side: SideSummary, edits: number): CompareSideData {
  const { generateMs, meshMs, quadsPerColumn, drawCalls, triangles, meanHeight, heightStdDev, landShare, loaded } = side;
  return { label: NOISE_LABELS[side.noise], loaded, generateMs, meshMs, quadsPerColumn, drawCalls, triangles, meanHeight, heightStdDev, landShare, edits };
}

/** The biome at (x, z), in words; worlds without biomes say what they are instead. */
export function biomeNameAt(params: WorldParams, x: number, z: number): string {
  const biome = terrainFor(params).biomeAt(Math.floor(x), Math.floor(z));
  if (biome !== NO_BIOME) return BIOME_NAMES[biome] ?? 'unknown biome';
  return params.type === 'flat' ? 'superflat' : 'classic terrain';
}
