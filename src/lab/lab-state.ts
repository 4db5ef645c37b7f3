/**
 * What the noise lab shows: a world (the game's own WorldParams, so a lab link and a game
 * link name the same world) and a view of it (the preview centre and two lab-only
 * settings). One plain object; the page, the URL and the workers all read this shape.
 */
import { DEFAULT_WORLD_PARAMS, MAX_COORDINATE, type WorldParams } from '../world';

export interface LabView {
  /** Centre of the 2D figures and the terrain preview, in blocks (the game's x and z). */
  x: number;
  z: number;
  /** 2D figures: screen pixels per lattice cell of the plain noises (one pixel is one block). */
  cell: number;
  /** Terrain preview: blocks per pixel. */
  zoom: Zoom;
  /**
   * When the speed table measures: `auto` a moment after the figures are first drawn (about
   * five seconds of one core), `manual` only on the button (a laptop on battery, a test that
   * does not need it).
   */
  measure: Measure;
}

export type Measure = 'auto' | 'manual';
export const MEASURES: readonly Measure[] = ['auto', 'manual'];

export type Zoom = 1 | 2 | 4 | 8;
export const ZOOMS: readonly Zoom[] = [1, 2, 4, 8];

export interface LabState {
  params: WorldParams;
  view: LabView;
}

export const DEFAULT_LAB_VIEW: Readonly<LabView> = Object.freeze({ x: 0, z: 0, cell: 32, zoom: 1, measure: 'auto' });

/**
 * Ranges of the lab-only settings, which the URL and the controls are held to (world
 * parameters use WORLD_PARAM_RANGES). `cell` 4..128: below 4 pixels a cell the plain noises
 * alias into white noise, above 128 a 256-pixel figure shows under two cells. Coordinates as
 * in the game's links.
 */
export const LAB_VIEW_RANGES = {
  x: { min: -MAX_COORDINATE, max: MAX_COORDINATE, step: 1 },
  z: { min: -MAX_COORDINATE, max: MAX_COORDINATE, step: 1 },
  cell: { min: 4, max: 128, step: 1 },
} as const satisfies Record<string, { min: number; max: number; step: number }>;

export function defaultLabState(): LabState {
  return { params: { ...DEFAULT_WORLD_PARAMS }, view: { ...DEFAULT_LAB_VIEW } };
}

/** The zoom nearest to `n` (ties towards the smaller), for a value that is not one of ZOOMS. */
export function nearestZoom(n: number): Zoom {
  let best: Zoom = ZOOMS[0]!;
  for (const z of ZOOMS) if (Math.abs(z - n) < Math.abs(best - n)) best = z;
  return best;
}
