/**
 * The shareable part of the game state in the URL: the world (`seed`, `noise`, and the
 * terrain style and shape where they differ from the defaults, see world/world-query.ts)
 * and the camera position `x`, `y`, `z`, so a link reproduces exactly the view it was copied
 * from. Bad values are ignored with a warning; they never reach the world.
 */
import { readQueryPosition, readWorldQuery, writeWorldQuery, type WorldParams } from '../world';

export { MAX_COORDINATE } from '../world';

export interface UrlState {
  params: WorldParams;
  /** Camera position, where given and valid. */
  position: { x?: number; y?: number; z?: number };
  warnings: string[];
}

export function parseUrlState(search: string): UrlState {
  const query = new URLSearchParams(search);
  const { params, warnings } = readWorldQuery(query);
  const position = readQueryPosition(query, ['x', 'y', 'z'] as const, warnings);
  return { params, position, warnings };
}

export function formatUrlState(params: WorldParams, position: { x: number; y: number; z: number }): string {
  const query = new URLSearchParams();
  writeWorldQuery(params, query);
  query.set('x', position.x.toFixed(1));
  query.set('y', position.y.toFixed(1));
  query.set('z', position.z.toFixed(1));
  return `?${query.toString()}`;
}
