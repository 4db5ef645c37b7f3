/**
 * One simulated player of `npm run bench:server`: the Colyseus SDK in Node, joining a world as
 * the game does (JoinOptions: worldId, playerKey, name), then walking and building along its
 * strip (plan.ts) when the driver calls step(). It keeps what the figures need: each edit's
 * send time until its ack, refusals by reason, and messages sent and received.
 */
import { Client, type Room } from '@colyseus/sdk';
import { CLIENT_MESSAGE, SERVER_MESSAGE, WORLD_ROOM, type AckMessage, type EditMessage, type JoinOptions, type RefusedMessage } from '../../../src/net';
import type { AckedEdit } from './figures';
import { editTarget, poseAt } from './plan';

/** The block every edit places: stone, a placeable block. */
export const BENCH_BLOCK = 2;

export interface ClientCounters {
  sent: number;
  received: number;
  /** Of received: state patches (positions) and 'edits' broadcasts. */
  patches: number;
  broadcasts: number;
}

export class BenchClient {
  room: Room | null = null;
  readonly acked: AckedEdit[] = [];
  /** Round trips (ms) of edits sent while `measuring`. */
  readonly roundTrips: number[] = [];
  readonly refused = new Map<string, number>();
  readonly counters: ClientCounters = { sent: 0, received: 0, patches: 0, broadcasts: 0 };
  measuring = false;
  /** Set when the room closed the connection before the end. */
  leftWith: number | null = null;
  private readonly inFlight = new Map<number, { sentAt: number; measured: boolean; edit: EditMessage }>();
  private nextEdit = 0;
  private nextMoveAt = 0;
  private nextEditAt = 0;
  private startedAt = 0;

  constructor(
    readonly join: JoinOptions,
    readonly serverUrl: string,
    /** The strip this player builds along (plan.ts). */
    private readonly lane: number,
    private readonly rate: { editsPerSecond: number; movesPerSecond: number },
    /** Where in its period this player moves and edits, 0..1: players do not all send at once. */
    private readonly phase: number,
  ) {}

  /** Joins and waits for the room's 'world'. */
  async connect(): Promise<void> {
    const room = await new Client(this.serverUrl).joinOrCreate(WORLD_ROOM, this.join);
    room.reconnection.enabled = false;
    this.room = room;
    room.onLeave((code) => {
      if (this.room === room) this.leftWith = code; // not our own leave() at the end
    });
    room.onStateChange(() => {
      this.counters.received++;
      this.counters.patches++;
    });
    const welcomed = new Promise<void>((resolve) => {
      room.onMessage('*', (type: string | number, message: unknown) => {
        this.counters.received++;
        if (type === SERVER_MESSAGE.world) resolve();
        else if (type === SERVER_MESSAGE.edits) this.counters.broadcasts++;
        else if (type === SERVER_MESSAGE.ack) this.onAck(message as AckMessage);
        else if (type === SERVER_MESSAGE.refused) this.onRefused(message as RefusedMessage);
      });
    });
    await welcomed;
  }

  /** Starts walking at `now` (ms): the first move goes out at once, edits from one period later. */
  start(now: number): void {
    this.startedAt = now;
    this.nextMoveAt = now;
    this.nextEditAt = now + (1000 / this.rate.editsPerSecond) * (1 + this.phase);
  }

  /** Sends what is due by `now` (ms); `editing` false keeps it walking only. */
  step(now: number, editing: boolean): void {
    const room = this.room;
    if (!room || this.leftWith !== null) return;
    while (now >= this.nextMoveAt) {
      const pose = poseAt(this.lane, ((this.nextMoveAt - this.startedAt) / 1000) * this.rate.editsPerSecond);
      room.send(CLIENT_MESSAGE.move, { ...pose, yaw: 0, pitch: -0.5 });
      this.counters.sent++;
      // A late loop skips moves rather than sending a burst: the next pose says where it is anyway.
      this.nextMoveAt = Math.max(this.nextMoveAt + 1000 / this.rate.movesPerSecond, now);
    }
    while (editing && now >= this.nextEditAt) {
      const seq = this.nextEdit++;
      const edit: EditMessage = { seq, ...editTarget(this.lane, seq), block: BENCH_BLOCK, state: 0 };
      this.inFlight.set(seq, { sentAt: performance.now(), measured: this.measuring, edit });
      room.send(CLIENT_MESSAGE.edit, edit);
      this.counters.sent++;
      this.nextEditAt += 1000 / this.rate.editsPerSecond;
    }
  }

  /** Edits sent and neither acked nor refused yet. */
  get pending(): number {
    return this.inFlight.size;
  }

  get editsSent(): number {
    return this.nextEdit;
  }

  async leave(): Promise<void> {
    const room = this.room;
    this.room = null;
    if (room && this.leftWith === null) await room.leave(true).catch(() => undefined);
  }

  private onAck({ seq }: AckMessage): void {
    const sent = this.inFlight.get(seq);
    if (!sent) return;
    this.inFlight.delete(seq);
    if (sent.measured) this.roundTrips.push(performance.now() - sent.sentAt);
    const { x, y, z, block, state } = sent.edit;
    this.acked.push({ worldId: this.join.worldId, x, y, z, block, state });
  }

  private onRefused({ seq, reason }: RefusedMessage): void {
    if (!this.inFlight.delete(seq)) return;
    this.refused.set(reason, (this.refused.get(reason) ?? 0) + 1);
  }
}
