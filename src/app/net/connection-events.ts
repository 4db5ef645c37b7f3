/** What a SharedWorldConnection reports, by event name. */
import type { BlockEdit } from '../../world';
import type { BlockChange, ChatBroadcast, EditMessage, SharedEdit, WorldMessage } from '../../net';
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
