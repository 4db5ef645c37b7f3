/**
 * World parameters and a position in a URL query (`?type=…&seed=…&noise=…&style=…&oct=…&x=…&z=…`),
 * shared by the game's address bar and the noise lab's links, so a link made by either one
 * opens the same world in the other. Shape parameters appear only when they differ from the
 * defaults. Bad values are reported in `warnings` and never reach the world.
 */
import { DEFAULT_WORLD_PARAMS, sanitizeWorldParams, withLegacyType, type NumericWorldParam, type WorldParams } from './params';

/** The short query names of the numeric parameters. */
export const WORLD_QUERY_NAMES: Readonly<Record<NumericWorldParam, string>> = Object.freeze({
  octaves: 'oct',
  persistence: 'pers',
  lacunarity: 'lac',
  scale: 'scale',
  amplitude: 'amp',
  seaLevel: 'sea',
  biomeScale: 'biome',
});

/** Largest |coordinate| accepted: far enough for any trip, small enough for exact floats. */
export const MAX_COORDINATE = 1e8;

/** A finite number from query text, or undefined ('' and '  ' are not 0). */
export function parseQueryNumber(text: string): number | undefined {
  if (text.trim() === '') return undefined;
  const n = Number(text);
  return Number.isFinite(n) ? n : undefined;
}

/**
 * The world a query names (defaults for what it leaves out), and what was wrong with it. A
 * query that names a world without a `type` is a link from before world types: classic.
 */
export function readWorldQuery(query: URLSearchParams): { params: WorldParams; warnings: string[] } {
  const warnings: string[] = [];
  const namesWorld = ['seed', 'noise', 'style', ...Object.values(WORLD_QUERY_NAMES)].some((name) => query.has(name));
  const raw: Record<string, unknown> = {};
  for (const key of ['type', 'seed', 'noise', 'style'] as const) {
    const text = query.get(key);
    if (text !== null) raw[key] = text;
  }
  for (const [key, name] of Object.entries(WORLD_QUERY_NAMES) as [NumericWorldParam, string][]) {
    const text = query.get(name);
    if (text === null) continue;
    const n = parseQueryNumber(text);
    if (n === undefined) warnings.push(`URL parameter ${name}="${text}" is not a number; ignored`);
    else raw[key] = n;
  }
  const { params, warnings: paramWarnings } = sanitizeWorldParams(namesWorld ? withLegacyType(raw) : raw);
  warnings.push(...paramWarnings.map((w) => `URL: ${w}`));
  return { params, warnings };
}

/** Coordinates `axes` from a query, each a finite number within MAX_COORDINATE, or left out with a warning. */
export function readQueryPosition<A extends string>(query: URLSearchParams, axes: readonly A[], warnings: string[]): Partial<Record<A, number>> {
  const position: Partial<Record<A, number>> = {};
  for (const axis of axes) {
    const text = query.get(axis);
    if (text === null) continue;
    const n = parseQueryNumber(text);
    if (n === undefined || Math.abs(n) > MAX_COORDINATE) warnings.push(`URL parameter ${axis}="${text}" is not a usable coordinate; ignored`);
    else position[axis] = n;
  }
  return position;
}

/**
 * Writes the world into `query`: type, seed and noise always (a link without a type means
 * classic), the rest where not the default.
 */
export function writeWorldQuery(params: WorldParams, query: URLSearchParams): void {
  query.set('type', params.type);
  query.set('seed', params.seed);
  query.set('noise', params.noise);
  if (params.style !== DEFAULT_WORLD_PARAMS.style) query.set('style', params.style);
  for (const [key, name] of Object.entries(WORLD_QUERY_NAMES) as [NumericWorldParam, string][]) {
    if (params[key] !== DEFAULT_WORLD_PARAMS[key]) query.set(name, String(params[key]));
  }
}
