/**
 * The lab's URL: the game's query names for the world and the centre (`seed`, `noise`,
 * `style`, `oct`, `pers`, …, `x`, `z`; src/world/world-query.ts), plus `cell`, `zoom` and
 * `measure` for the lab's own settings. A lab link therefore opens the same world in the game, and the
 * "Fly this" link is the same query without the lab's settings.
 */
import { parseQueryNumber, readQueryPosition, readWorldQuery, WORLD_QUERY_NAMES, writeWorldQuery, type NumericWorldParam } from '../world';
import type { LabControl } from './control-input';
import { DEFAULT_LAB_VIEW, LAB_VIEW_RANGES, MEASURES, nearestZoom, ZOOMS, type LabState, type Measure, type Zoom } from './lab-state';

/** Something wrong with the URL, and the control showing that value (its warning goes once the control is set right). */
export interface LabWarning {
  text: string;
  control?: LabControl;
}

/** The world's query names and the lab controls that show them. */
const WORLD_CONTROL_OF_NAME: ReadonlyMap<string, LabControl> = new Map<string, LabControl>([
  ['type', 'type'],
  ['seed', 'seed'],
  ['noise', 'noise'],
  ['style', 'style'],
  ...(Object.entries(WORLD_QUERY_NAMES) as [NumericWorldParam, string][]).map(([key, name]): [string, LabControl] => [name, key]),
]);

/**
 * The world's warnings, each with the control it is about. readWorldQuery (shared with the
 * game) words them but does not say which parameter each is about, so each parameter is read
 * again alone: its warnings are the ones its value causes.
 */
function worldWarnings(query: URLSearchParams, texts: readonly string[]): LabWarning[] {
  const controlOf = new Map<string, LabControl>();
  for (const [name, control] of WORLD_CONTROL_OF_NAME) {
    const value = query.get(name);
    if (value === null) continue;
    for (const text of readWorldQuery(new URLSearchParams([[name, value]])).warnings) controlOf.set(text, control);
  }
  return texts.map((text) => ({ text, control: controlOf.get(text) }));
}

/** The state a query names (defaults for what it leaves out) and what was wrong with it. */
export function readLabQuery(search: string): { state: LabState; warnings: LabWarning[] } {
  const query = new URLSearchParams(search);
  const world = readWorldQuery(query);
  const params = world.params;
  const warnings = worldWarnings(query, world.warnings);
  const warn = (control: LabControl | undefined) => (text: string) => warnings.push({ text, control });
  const position: Partial<Record<'x' | 'z', number>> = {};
  for (const axis of ['x', 'z'] as const) {
    const positionWarnings: string[] = [];
    Object.assign(position, readQueryPosition(query, [axis], positionWarnings));
    positionWarnings.forEach(warn(axis));
  }
  const view = { ...DEFAULT_LAB_VIEW, ...position };

  const cellText = query.get('cell');
  if (cellText !== null) {
    const n = parseQueryNumber(cellText);
    const { min, max } = LAB_VIEW_RANGES.cell;
    if (n === undefined) warn('cell')(`URL parameter cell="${cellText}" is not a number; kept ${view.cell}`);
    else {
      const v = Math.round(Math.min(max, Math.max(min, n)));
      if (v !== n) warn('cell')(`URL parameter cell=${cellText} is outside ${min}..${max} or not whole; using ${v}`);
      view.cell = v;
    }
  }
  const zoomText = query.get('zoom');
  if (zoomText !== null) {
    const n = parseQueryNumber(zoomText);
    if (n === undefined) warn('zoom')(`URL parameter zoom="${zoomText}" is not a number; kept ${view.zoom}`);
    else {
      const z = nearestZoom(n);
      if (z !== n) warn('zoom')(`URL parameter zoom=${zoomText} is not one of ${ZOOMS.join(', ')}; using ${z}`);
      view.zoom = z as Zoom;
    }
  }
  const measureText = query.get('measure');
  if (measureText !== null) {
    if ((MEASURES as readonly string[]).includes(measureText)) view.measure = measureText as Measure;
    else warn(undefined)(`URL parameter measure="${measureText}" is not one of ${MEASURES.join(', ')}; kept ${view.measure}`);
  }
  return { state: { params, view }, warnings };
}

/** The lab's query for `state`: world and centre as the game writes them, lab settings where not the default. */
export function writeLabQuery(state: LabState): string {
  const query = new URLSearchParams();
  writeWorldQuery(state.params, query);
  query.set('x', String(state.view.x));
  query.set('z', String(state.view.z));
  if (state.view.cell !== DEFAULT_LAB_VIEW.cell) query.set('cell', String(state.view.cell));
  if (state.view.zoom !== DEFAULT_LAB_VIEW.zoom) query.set('zoom', String(state.view.zoom));
  if (state.view.measure !== DEFAULT_LAB_VIEW.measure) query.set('measure', state.view.measure);
  return `?${query.toString()}`;
}

/**
 * The game's address for this world, standing over the preview centre: the game reads x and
 * z and puts the camera above the ground there (index.html sits next to lab.html).
 */
export function flyHref(state: LabState, noise = state.params.noise): string {
  const query = new URLSearchParams();
  writeWorldQuery({ ...state.params, noise }, query);
  query.set('x', String(state.view.x));
  query.set('z', String(state.view.z));
  return `./?${query.toString()}`;
}
