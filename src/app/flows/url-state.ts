/**
 * The shareable part of the game state in the URL: the world (`seed`, `noise`, and the
 * terrain style and shape where they differ from the defaults, see world/world-query.ts),
 * the camera position `x`, `y`, `z`, where it looks (`yaw` and `pitch`, in degrees: a link is
 * read by people too), how the player moves (`mode=walk`; flying is the default), and compare
 * mode (`compare=1`, with the divider at `split`, a fraction of the width), and the render
 * distance (`r`) and far distance of the levels of detail (`far`), in columns, where the player
 * changed them from the device's defaults, and the time of day (`time`, hours 0..24, 12 is noon),
 * so a link reproduces exactly the view it was copied from. Bad values are ignored or clamped with a warning; they never reach the world.
 */
import type { PlayerMode } from '../../storage/world-record';
import { clampRenderDistance, RENDER_DISTANCE_RANGE } from '../../stream/column-streamer';
import { clampFarDistance, FAR_DISTANCE_RANGE } from '../../stream/far-distance';
import { clampSplit, DEFAULT_SPLIT, SPLIT_RANGE } from '../../ui/split';
import { parseQueryNumber, readQueryPosition, readWorldQuery, writeWorldQuery, type WorldParams } from '../../world';
import { clampPitch } from '../../controls/camera-pose';
import { hoursProblem, wrapHours } from '../../render/time-of-day';

export { MAX_COORDINATE } from '../../world';

export interface UrlState {
  params: WorldParams;
  /** Camera position, where given and valid. */
  position: { x?: number; y?: number; z?: number };
  /** Look direction in radians (CameraPose's convention), where given and valid. */
  look: { yaw?: number; pitch?: number };
  /** How the player moves, where given. */
  mode?: PlayerMode;
  view: CompareView;
  /** Render distance in columns, where given (clamped to RENDER_DISTANCE_RANGE, as the panel clamps it). */
  renderDistance?: number;
  /** Far distance in columns, where given (clamped to FAR_DISTANCE_RANGE). */
  farDistance?: number;
  /** The time of day in hours (0..24, 12 is noon), where given and valid. */
  time?: number;
  /** Whether the day's clock stands still (`clock=stopped`; `clock=running` or none: it runs). */
  clockStopped: boolean;
  warnings: string[];
}

/** Compare mode and where its divider is. */
export interface CompareView {
  compare: boolean;
  split: number;
}

export function parseUrlState(search: string): UrlState {
  const query = new URLSearchParams(search);
  const { params, warnings } = readWorldQuery(query);
  const position = readQueryPosition(query, ['x', 'y', 'z'] as const, warnings);
  return {
    params,
    position,
    look: readLook(query, warnings),
    mode: readMode(query, warnings),
    view: readCompareView(query, warnings),
    renderDistance: readDistance(query, 'r', clampRenderDistance, RENDER_DISTANCE_RANGE, warnings),
    farDistance: readDistance(query, 'far', clampFarDistance, FAR_DISTANCE_RANGE, warnings),
    time: readTime(query, warnings),
    clockStopped: readClockStopped(query, warnings),
    warnings,
  };
}

/** A distance in whole columns; one outside `range` (or fractional) is clamped the way the panel clamps it. */
function readDistance(query: URLSearchParams, name: string, clamp: (columns: number) => number, range: { min: number; max: number }, warnings: string[]): number | undefined {
  const text = query.get(name);
  if (text === null) return undefined;
  const n = parseQueryNumber(text);
  if (n === undefined) {
    warnings.push(`URL parameter ${name}="${text}" is not a number of columns; ignored`);
    return undefined;
  }
  const columns = clamp(n);
  if (columns !== n) warnings.push(`URL parameter ${name}=${text} must be whole columns in ${range.min}..${range.max}; using ${columns}`);
  return columns;
}

/** The time of day: a number of hours in 0..24; anything else is ignored with a warning (the clock keeps its default). */
function readTime(query: URLSearchParams, warnings: string[]): number | undefined {
  const text = query.get('time');
  if (text === null) return undefined;
  const n = parseQueryNumber(text);
  if (n !== undefined && hoursProblem(n) === null) return n;
  warnings.push(`URL parameter time="${text}" is not an hour of the day in 0..24 (12 is noon); ignored`);
  return undefined;
}

/** `clock=stopped` stops the day's clock at the link's hour; `running` (or no `clock`) lets it run. */
function readClockStopped(query: URLSearchParams, warnings: string[]): boolean {
  const text = query.get('clock');
  if (text === null || text === 'running') return false;
  if (text === 'stopped') return true;
  warnings.push(`URL parameter clock="${text}" must be stopped or running; the clock runs`);
  return false;
}

const DEGREES = Math.PI / 180;

function readLook(query: URLSearchParams, warnings: string[]): { yaw?: number; pitch?: number } {
  const look: { yaw?: number; pitch?: number } = {};
  const yaw = query.get('yaw');
  if (yaw !== null) {
    const n = parseQueryNumber(yaw);
    if (n === undefined || Math.abs(n) > 1e6) warnings.push(`URL parameter yaw="${yaw}" is not an angle in degrees; ignored`);
    else look.yaw = (n % 360) * DEGREES;
  }
  const pitch = query.get('pitch');
  if (pitch !== null) {
    const n = parseQueryNumber(pitch);
    if (n === undefined) warnings.push(`URL parameter pitch="${pitch}" is not an angle in degrees; ignored`);
    else {
      look.pitch = clampPitch(n * DEGREES);
      if (Math.abs(n) > 90) warnings.push(`URL parameter pitch=${pitch} is outside -90..90 degrees; clamped`);
    }
  }
  return look;
}

function readMode(query: URLSearchParams, warnings: string[]): PlayerMode | undefined {
  const mode = query.get('mode');
  if (mode === null) return undefined;
  if (mode === 'walk' || mode === 'fly') return mode;
  warnings.push(`URL parameter mode="${mode}" must be walk or fly; ignored`);
  return undefined;
}

function readCompareView(query: URLSearchParams, warnings: string[]): CompareView {
  const view: CompareView = { compare: false, split: DEFAULT_SPLIT };
  const compare = query.get('compare');
  if (compare === '1' || compare === 'true') view.compare = true;
  else if (compare !== null && compare !== '0' && compare !== 'false') warnings.push(`URL parameter compare="${compare}" must be 1 or 0; ignored`);
  const text = query.get('split');
  if (text !== null) {
    const n = parseQueryNumber(text);
    if (n === undefined) warnings.push(`URL parameter split="${text}" is not a number; the divider stays in the middle`);
    else {
      view.split = clampSplit(n);
      if (view.split !== n) warnings.push(`URL parameter split=${text} is outside ${SPLIT_RANGE.min}..${SPLIT_RANGE.max}; using ${view.split}`);
    }
  }
  return view;
}

/** The camera as a link keeps it: position, and where it looks where known. */
export interface UrlPose {
  x: number;
  y: number;
  z: number;
  yaw?: number;
  pitch?: number;
}

/**
 * `farDistance` and `renderDistance` go in the link when given: the game passes them only when
 * the player changed them from the device's defaults, so a phone opening a desktop's link keeps
 * its own.
 */
export function formatUrlState(params: WorldParams, pose: UrlPose, view?: CompareView, mode: PlayerMode = 'fly', farDistance?: number, renderDistance?: number, time?: number, clockStopped = false): string {
  const query = new URLSearchParams();
  writeWorldQuery(params, query);
  // Two decimals: a walking player's eye is 1.62 above whole-block ground, and a link must
  // not put them 0.02 blocks into the floor.
  query.set('x', pose.x.toFixed(2));
  query.set('y', pose.y.toFixed(2));
  query.set('z', pose.z.toFixed(2));
  if (pose.yaw !== undefined) query.set('yaw', (normalizeDegrees(pose.yaw / DEGREES)).toFixed(1));
  if (pose.pitch !== undefined) query.set('pitch', (pose.pitch / DEGREES).toFixed(1));
  if (mode === 'walk') query.set('mode', 'walk');
  if (view?.compare) {
    query.set('compare', '1');
    query.set('split', view.split.toFixed(3));
  }
  if (renderDistance !== undefined) query.set('r', String(renderDistance));
  if (farDistance !== undefined) query.set('far', String(farDistance));
  // A tenth of an hour: the address changes every few seconds as the day goes by, not every frame.
  if (time !== undefined && Number.isFinite(time)) query.set('time', String(wrapHours(Math.round(time * 10) / 10)));
  if (clockStopped) query.set('clock', 'stopped');
  return `?${query.toString()}`;
}

/** An angle in degrees folded into (-180, 180]. */
function normalizeDegrees(d: number): number {
  const r = ((d % 360) + 360) % 360;
  return r > 180 ? r - 360 : r;
}

/** The noise lab's address for this world, its terrain preview centred on (x, z). */
export function formatLabUrl(params: WorldParams, position: { x: number; z: number }): string {
  const query = new URLSearchParams();
  writeWorldQuery(params, query);
  query.set('x', String(Math.round(position.x)));
  query.set('z', String(Math.round(position.z)));
  return `lab.html?${query.toString()}`;
}
