/**
 * "open the noise lab ↗": the lab on this world, centred where the camera is, in a new tab,
 * so the game (its loaded world, its unsaved view, the player's place) stays as it was in its
 * own tab. `noopener`: the lab gets no handle on the game's window, and runs in a process of
 * its own where the browser can.
 */
import type { WorldParams } from '../../world';
import { formatLabUrl } from './url-state';

/** The part of `window` this needs; tests pass a fake. */
export type TabOpener = Pick<Window, 'open'>;

export function openLabInNewTab(params: WorldParams, position: { x: number; z: number }, opener: TabOpener = window): void {
  opener.open(formatLabUrl(params, position), '_blank', 'noopener');
}
