/**
 * The lab's URL: the game's query names for the world and the centre (`seed`, `noise`,
 * `style`, `oct`, `pers`, …, `x`, `z`; src/world/world-query.ts), plus `cell`, `zoom` and
 * `measure` for the lab's own settings. A lab link therefore opens the same world in the game, and the
 * "Fly this" link is the same query without the lab's settings.
 */
import { parseQueryNumber, readQueryPosition, readWorldQuery, writeWorldQuery } from '../world';
import { DEFAULT_LAB_VIEW, LAB_VIEW_RANGES, MEASURES, nearestZoom, ZOOMS, type LabState, type Measure, type Zoom } from './lab-state';

/** The state a query names (defaults for what it leaves out) and what was wrong with it. */
export function readLabQuery(search: string): { state: LabState; warnings: string[] } {
  const query = new URLSearchParams(search);
  const { params, warnings } = readWorldQuery(query);
  const position = readQueryPosition(query, ['x', 'z'] as const, warnings);
  const view = { ...DEFAULT_LAB_VIEW, ...position };

  const cellText = query.get('cell');
  if (cellText !== null) {
    const n = parseQueryNumber(cellText);
    const { min, max } = LAB_VIEW_RANGES.cell;
    if (n === undefined) warnings.push(`URL parameter cell="${cellText}" is not a number; kept ${view.cell}`);
    else {
      const v = Math.round(Math.min(max, Math.max(min, n)));
      if (v !== n) warnings.push(`URL parameter cell=${cellText} is outside ${min}..${max} or not whole; using ${v}`);
      view.cell = v;
    }
  }
  const zoomText = query.get('zoom');
  if (zoomText !== null) {
    const n = parseQueryNumber(zoomText);
    if (n === undefined) warnings.push(`URL parameter zoom="${zoomText}" is not a number; kept ${view.zoom}`);
    else {
      const z = nearestZoom(n);
      if (z !== n) warnings.push(`URL parameter zoom=${zoomText} is not one of ${ZOOMS.join(', ')}; using ${z}`);
      view.zoom = z as Zoom;
    }
  }
  const measureText = query.get('measure');
  if (measureText !== null) {
    if ((MEASURES as readonly string[]).includes(measureText)) view.measure = measureText as Measure;
    else warnings.push(`URL parameter measure="${measureText}" is not one of ${MEASURES.join(', ')}; kept ${view.measure}`);
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
