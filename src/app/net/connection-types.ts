/** A SharedWorldConnection's options, events, and its reading of close codes and the world's edits. */
import type { BlockEdit } from '../../world';
import { CLOSE_CODE, DEFAULT_NET_LIMITS, type BlockChange, type ChatBroadcast, type EditMessage, type NetLimits, type SharedEdit, type WorldMessage } from '../../net';
import { COLUMN_PACKING } from '../../storage';
import { decodeEditPayload } from '../../storage/edit-payload';
import type { SharedPlayer } from './room-players';

export type ConnectionStatus = 'offline' | 'connecting' | 'online' | 'reconnecting';

export interface JoinedWorld {
  message: WorldMessage;
  /** Every committed edit, decoded: what a first join loads the world with. */
  edits: BlockEdit[];
  /**
   * Blocks whose shown value changed: on a first join every edited block; on a rejoin what
   * was committed while away (pending local edits stay on top).
   */
  changes: BlockChange[];
  rejoin: boolean;
}

export interface ConnectionEvents {
  status: ConnectionStatus;
  world: JoinedWorld;
  /** Blocks the game must set now (others' edits, a refused edit reverted, a race lost). */
  blocks: BlockChange[];
  /** Committed edits as the room sent them, in its order (already reflected in 'blocks'). */
  edits: SharedEdit[];
  ack: number;
  /** Without `retry` the edit was reverted ('blocks' says to what); with it, it stays pending. */
  refused: { edit: EditMessage; reason: string; retry: boolean };
  chat: ChatBroadcast;
  notice: string;
  playerAdd: SharedPlayer;
  playerChange: SharedPlayer;
  playerRemove: SharedPlayer;
  /** The connection ended for good (removed, replaced, no such world): why. */
  closed: { code: number; reason: string };
}

export interface SharedWorldConnectionOptions {
  limits: Readonly<NetLimits>;
  /** Milliseconds between pose updates: 100 is the 10 a second the other players interpolate. */
  moveIntervalMs: number;
  /** Rejoin attempts wait from this… */
  retryMinMs: number;
  /** …doubling up to this. */
  retryMaxMs: number;
  /** How long edits refused with `retry` (the database was down) wait before going again. */
  retryEditsMs: number;
}

export const DEFAULT_CONNECTION_OPTIONS: Readonly<SharedWorldConnectionOptions> = Object.freeze({
  limits: DEFAULT_NET_LIMITS, moveIntervalMs: 100, retryMinMs: 250, retryMaxMs: 5000, retryEditsMs: 1000,
});

/** Close codes the room leaves a client with on purpose: no rejoin after these. */
export const FINAL_CLOSE_CODES = new Set<number>(Object.values(CLOSE_CODE));

/** A join error the server meant (bad options, removed, no such world): trying again will not help. */
export const isFinal = (error: unknown): boolean => {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'number' && ((code >= 400 && code < 500) || FINAL_CLOSE_CODES.has(code));
};

export const leftEarly = (code: number, reason: string) => Object.assign(new Error(`left before the world arrived (${code}${reason ? `: ${reason}` : ''})`), { code });

/** The world's committed edits, decoded; a damaged payload gives none and says so. */
export function decodeWorldEdits(message: WorldMessage): { edits: BlockEdit[]; problem: string | null } {
  const { bytes, columns, count } = message.edits;
  const decoded = decodeEditPayload(new Uint8Array(bytes), columns, count, COLUMN_PACKING);
  return Array.isArray(decoded) ? { edits: decoded, problem: null } : { edits: [], problem: `the world's edits arrived damaged (${decoded.detail})` };
}
