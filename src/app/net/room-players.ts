/**
 * The players in a world room, read from its replicated state (Colyseus patches about 20
 * times a second): a list by session, with add / change / remove callbacks. A rejoin gives a
 * new room; attach() drops the old list first, so callers see the old players go and the
 * room's current ones come.
 */
import { getStateCallbacks, type Room } from '@colyseus/sdk';

export interface SharedPlayer {
  sessionId: string;
  /** Public id: what 'edits' name their author by, and what an owner invites or kicks. */
  id: string;
  name: string;
  /** Index into the player colours (PLAYER_COLOUR_COUNT). */
  colour: number;
  x: number;
  y: number;
  z: number;
  yaw: number;
  pitch: number;
  isSelf: boolean;
  /** The world's owner (optional: a stand-in player in a test may leave it out). */
  isOwner?: boolean;
}

export interface PlayerListener {
  add(player: SharedPlayer): void;
  change(player: SharedPlayer): void;
  remove(player: SharedPlayer): void;
}

/** What the room state holds of a player (server/world-state.ts's PlayerState). */
type PlayerFields = Omit<SharedPlayer, 'sessionId' | 'isSelf' | 'isOwner'> & { owner?: boolean };

export class RoomPlayers {
  private readonly players = new Map<string, SharedPlayer>();
  private detachers: (() => void)[] = [];
  /** Each player's own change listener, ended when they leave. */
  private readonly watchers = new Map<string, () => void>();

  constructor(private readonly listener: PlayerListener) {}

  list(): SharedPlayer[] {
    return [...this.players.values()].map((p) => ({ ...p }));
  }

  attach(room: Room): void {
    this.detach();
    const $ = getStateCallbacks(room) as unknown as (target: unknown) => {
      players: { onAdd(cb: (p: PlayerFields, key: string) => void, immediate?: boolean): () => void; onRemove(cb: (p: PlayerFields, key: string) => void): () => void };
      onChange(cb: () => void): () => void;
    };
    const state = $(room.state);
    this.detachers.push(
      state.players.onAdd((fields, sessionId) => {
        this.update(sessionId, fields, room.sessionId, 'add');
        this.watchers.get(sessionId)?.();
        this.watchers.set(sessionId, $(fields).onChange(() => this.update(sessionId, fields, room.sessionId, 'change')));
      }, true),
      state.players.onRemove((_fields, sessionId) => this.drop(sessionId)),
    );
  }

  /** Forgets the room's players (reporting each as removed) and stops listening. */
  detach(): void {
    for (const off of this.detachers.splice(0)) off();
    for (const sessionId of [...this.players.keys(), ...this.watchers.keys()]) this.drop(sessionId);
  }

  private update(sessionId: string, f: PlayerFields, selfId: string, kind: 'add' | 'change'): void {
    const player: SharedPlayer = { sessionId, id: f.id, name: f.name, colour: f.colour, x: f.x, y: f.y, z: f.z, yaw: f.yaw, pitch: f.pitch, isSelf: sessionId === selfId, isOwner: f.owner === true };
    const known = this.players.has(sessionId);
    this.players.set(sessionId, player);
    this.listener[kind === 'add' && !known ? 'add' : 'change']({ ...player });
  }

  private drop(sessionId: string): void {
    this.watchers.get(sessionId)?.();
    this.watchers.delete(sessionId);
    const player = this.players.get(sessionId);
    if (!player) return;
    this.players.delete(sessionId);
    this.listener.remove(player);
  }
}
