/**
 * A test player over the Colyseus SDK: joins the 'world' room, records every message it
 * receives by type, and waits for the ones a test expects (polling the record, so a message
 * that came before the wait began still counts).
 */
import type { ColyseusTestServer } from '@colyseus/testing';
import type { Room as SdkRoom } from '@colyseus/sdk';
import { vi } from 'vitest';
import { WORLD_ROOM, type JoinOptions } from '../../src/net';

export class TestPlayer {
  readonly log: [string, unknown][] = [];
  leftWith: number | null = null;
  room!: SdkRoom;

  private constructor(private readonly server: ColyseusTestServer) {}

  static async join(server: ColyseusTestServer, options: JoinOptions): Promise<TestPlayer> {
    const player = new TestPlayer(server);
    player.attach(await server.sdk.joinOrCreate(WORLD_ROOM, options));
    await player.next('world');
    return player;
  }

  private attach(room: SdkRoom): void {
    this.room = room;
    // The tests drop connections on purpose and reconnect by hand.
    room.reconnection.enabled = false;
    room.onMessage('*', (type, message) => this.log.push([String(type), message]));
    room.onLeave((code) => (this.leftWith = code));
  }

  /** Reconnects into the held seat after an unexpected drop. */
  async reconnect(): Promise<void> {
    const room = await this.server.sdk.reconnect(this.room.reconnectionToken);
    this.leftWith = null;
    this.attach(room);
  }

  send(type: string, message: unknown): void {
    this.room.send(type, message);
  }

  /** Stands at (x, y, z): the room needs a position before it takes edits. */
  moveTo(x: number, y: number, z: number): void {
    this.send('move', { x, y, z, yaw: 0, pitch: 0 });
  }

  edit(seq: number, x: number, y: number, z: number, block: number): void {
    this.send('edit', { seq, x, y, z, block, state: 0 });
  }

  messages<T = Record<string, unknown>>(type: string): T[] {
    return this.log.filter(([t]) => t === type).map(([, m]) => m as T);
  }

  /** Waits for the first message of `type` matching `match`. */
  async next<T = Record<string, unknown>>(type: string, match: (m: T) => boolean = () => true): Promise<T> {
    return vi.waitFor(() => {
      const found = this.messages<T>(type).find(match);
      if (found === undefined) throw new Error(`no ${type} message yet`);
      return found;
    }, { timeout: 10_000, interval: 10 });
  }

  async left(): Promise<number> {
    return vi.waitFor(() => {
      if (this.leftWith === null) throw new Error('still connected');
      return this.leftWith;
    }, { timeout: 10_000, interval: 10 });
  }

  async leave(): Promise<void> {
    if (this.leftWith === null) await this.room.leave(true).catch(() => undefined);
  }
}
