/**
 * The shareable part of the game state in the URL: `?seed=…&noise=…&x=…&y=…&z=…`, plus the
 * terrain style and shape (`style`, `oct`, `pers`, `lac`, `scale`, `amp`, `sea`) when they differ from the
 * defaults, so a link reproduces exactly the view it was copied from. Bad values are
 * ignored with a warning; they never reach the world.
 */
import { DEFAULT_WORLD_PARAMS, sanitizeWorldParams, type NumericWorldParam, type WorldParams } from '../world';

const SHAPE_KEYS: Record<NumericWorldParam, string> = {
  octaves: 'oct',
  persistence: 'pers',
  lacunarity: 'lac',
  scale: 'scale',
  amplitude: 'amp',
  seaLevel: 'sea',
};

export interface UrlState {
  params: WorldParams;
  /** Camera position, where given and valid. */
  position: { x?: number; y?: number; z?: number };
  warnings: string[];
}

/** Largest |coordinate| accepted: far enough for any trip, small enough for exact floats. */
export const MAX_COORDINATE = 1e8;

export function parseUrlState(search: string): UrlState {
  const query = new URLSearchParams(search);
  const warnings: string[] = [];
  const raw: Record<string, unknown> = {};
  const seed = query.get('seed');
  if (seed !== null) raw.seed = seed;
  const noise = query.get('noise');
  if (noise !== null) raw.noise = noise;
  const style = query.get('style');
  if (style !== null) raw.style = style;
  for (const [key, name] of Object.entries(SHAPE_KEYS) as [NumericWorldParam, string][]) {
    const text = query.get(name);
    if (text === null) continue;
    const n = parseNumber(text);
    if (n === undefined) warnings.push(`URL parameter ${name}="${text}" is not a number; ignored`);
    else raw[key] = n;
  }
  const { params, warnings: paramWarnings } = sanitizeWorldParams(raw);
  warnings.push(...paramWarnings.map((w) => `URL: ${w}`));

  const position: UrlState['position'] = {};
  for (const axis of ['x', 'y', 'z'] as const) {
    const text = query.get(axis);
    if (text === null) continue;
    const n = parseNumber(text);
    if (n === undefined || Math.abs(n) > MAX_COORDINATE) warnings.push(`URL parameter ${axis}="${text}" is not a usable coordinate; ignored`);
    else position[axis] = n;
  }
  return { params, position, warnings };
}

function parseNumber(text: string): number | undefined {
  if (text.trim() === '') return undefined;
  const n = Number(text);
  return Number.isFinite(n) ? n : undefined;
}

export function formatUrlState(params: WorldParams, position: { x: number; y: number; z: number }): string {
  const query = new URLSearchParams();
  query.set('seed', params.seed);
  query.set('noise', params.noise);
  if (params.style !== DEFAULT_WORLD_PARAMS.style) query.set('style', params.style);
  for (const [key, name] of Object.entries(SHAPE_KEYS) as [NumericWorldParam, string][]) {
    if (params[key] !== DEFAULT_WORLD_PARAMS[key]) query.set(name, String(params[key]));
  }
  query.set('x', position.x.toFixed(1));
  query.set('y', position.y.toFixed(1));
  query.set('z', position.z.toFixed(1));
  return `?${query.toString()}`;
}
