/**
 * The rules of playing a shared world, apart from the browser so they are tested in Node:
 * when the player may edit, what the HUD says about the connection, how long to wait before
 * trying the server again, and how the world the room sends is laid over the copy on this
 * device.
 *
 * Editing: the server's order is final, so the player edits only a world the room has given
 * us in this page. While the connection drops and comes back ('reconnecting') edits are kept
 * pending and re-sent; before the first 'world' (the server could not be reached: the copy on
 * this device is shown) and after the room ended the connection for good, the copy is
 * read-only: an edit made there would never reach the server, and the next join would revert it.
 */
import type { BlockChange } from '../../net';
import type { BlockEdit } from '../../world';
import type { ConnectionStatus } from './connection-types';

export interface SharedState {
  /** The shared world is the one on screen. */
  onScreen: boolean;
  status: ConnectionStatus;
  /** The room's world is on screen, laid over the copy: edits go to the room (at once, or once back). */
  welcomed: boolean;
  /** Others in the room. */
  players: number;
  pending: number;
  /** Why the room ended the connection for good, if it did. */
  closed: string | null;
}

export const READ_ONLY_MESSAGE = 'This shared world is read-only until the server can be reached';

/** Why an edit is refused now, or null when it may go ahead. */
export function editRefusal(s: SharedState): string | null {
  if (!s.onScreen) return null;
  if (s.welcomed && (s.status === 'online' || s.status === 'reconnecting')) return null;
  if (s.closed !== null) return `This shared world is read-only: ${s.closed}`;
  return READ_ONLY_MESSAGE;
}

const plural = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`;

/** The HUD's line about the shared world, or '' outside one. */
export function connectionLine(s: SharedState): string {
  if (!s.onScreen) return s.status === 'connecting' ? 'Shared world: connecting…' : '';
  if (s.status === 'online') return `Shared world: online, ${plural(s.players + 1, 'player')}${s.pending > 0 ? `, ${plural(s.pending, 'edit')} pending` : ''}`;
  if (s.status === 'reconnecting') return `Shared world: reconnecting, ${plural(s.pending, 'edit')} pending`;
  if (s.closed !== null) return `Shared world: disconnected (${s.closed}), read-only copy`;
  return 'Shared world: server unreachable, read-only copy';
}

/** Milliseconds before the next try at the first join: 1 s, doubling, at most 10 s. */
export function retryDelayMs(attempt: number): number {
  return Math.min(10_000, 1000 * 2 ** Math.min(attempt, 4));
}

/**
 * What to set so the copy on this device shows the world as the room sent it: every edit of
 * the room's that the copy does not already show, and every edit of the copy's that the room
 * does not have (back to the generated block: `block` null).
 */
export function joinChanges(copy: readonly BlockEdit[], room: readonly BlockEdit[]): BlockChange[] {
  const key = (e: BlockEdit) => `${e.x},${e.y},${e.z}`;
  const had = new Map(copy.map((e) => [key(e), e]));
  const changes: BlockChange[] = [];
  const inRoom = new Set<string>();
  for (const e of room) {
    const k = key(e);
    inRoom.add(k);
    const old = had.get(k);
    if (old && old.block === e.block && (old.state ?? 0) === (e.state ?? 0)) continue;
    changes.push({ x: e.x, y: e.y, z: e.z, block: e.block, state: e.state ?? 0 });
  }
  for (const [k, e] of had) if (!inRoom.has(k)) changes.push({ x: e.x, y: e.y, z: e.z, block: null, state: 0 });
  return changes;
}
