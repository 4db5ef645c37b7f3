/**
 * The shareable part of the game state in the URL: the world (`seed`, `noise`, and the
 * terrain style and shape where they differ from the defaults, see world/world-query.ts),
 * the camera position `x`, `y`, `z`, and compare mode (`compare=1`, with the divider at
 * `split`, a fraction of the width), so a link reproduces exactly the view it was copied
 * from. Bad values are ignored or clamped with a warning; they never reach the world.
 */
import { clampSplit, DEFAULT_SPLIT, SPLIT_RANGE } from '../ui/split';
import { parseQueryNumber, readQueryPosition, readWorldQuery, writeWorldQuery, type WorldParams } from '../world';

export { MAX_COORDINATE } from '../world';

export interface UrlState {
  params: WorldParams;
  /** Camera position, where given and valid. */
  position: { x?: number; y?: number; z?: number };
  view: CompareView;
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
  return { params, position, view: readCompareView(query, warnings), warnings };
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

export function formatUrlState(params: WorldParams, position: { x: number; y: number; z: number }, view?: CompareView): string {
  const query = new URLSearchParams();
  writeWorldQuery(params, query);
  query.set('x', position.x.toFixed(1));
  query.set('y', position.y.toFixed(1));
  query.set('z', position.z.toFixed(1));
  if (view?.compare) {
    query.set('compare', '1');
    query.set('split', view.split.toFixed(3));
  }
  return `?${query.toString()}`;
}

/** The noise lab's address for this world, its terrain preview centred on (x, z). */
export function formatLabUrl(params: WorldParams, position: { x: number; z: number }): string {
  const query = new URLSearchParams();
  writeWorldQuery(params, query);
  query.set('x', String(Math.round(position.x)));
  query.set('z', String(Math.round(position.z)));
  return `lab.html?${query.toString()}`;
}
