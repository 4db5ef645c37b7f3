/**
 * "Ann joined" and "Ann left" in the chat, only when someone really came or went. The room's
 * player list also changes when nothing happened: joining lists everyone already there,
 * dropping and rejoining takes everyone away and back, and another player who reconnects
 * gets a new seat (added) before or after the old one goes (removed). So players are
 * counted by public id, the first moments after a world arrives are quiet, leaves wait a
 * short grace (a return within it cancels them), and leaves at the moment this client drops
 * are forgotten. Pure: times passed in.
 */

export interface PresenceOptions {
  /** After a world arrives, additions this soon are the room's list, not arrivals. */
  settleMs: number;
  /** A leave is told only if the player is not back within this long. */
  leaveGraceMs: number;
}

export const DEFAULT_PRESENCE_OPTIONS: Readonly<PresenceOptions> = Object.freeze({ settleMs: 1500, leaveGraceMs: 2000 });

export interface PresencePlayer {
  id: string;
  name: string;
  isSelf: boolean;
}

export class PresenceNotices {
  private readonly options: PresenceOptions;
  /** Seats per public id (a rejoining player may have two for a moment). */
  private readonly seats = new Map<string, number>();
  /** Players seen in this world: no "joined" for them when they come back after our drop. */
  private readonly known = new Set<string>();
  private readonly leaving = new Map<string, { name: string; at: number }>();
  private worldAt: number | null = null;

  constructor(private readonly say: (text: string) => void, options: Partial<PresenceOptions> = {}) {
    this.options = { ...DEFAULT_PRESENCE_OPTIONS, ...options };
  }

  /** The room's world arrived (a first join or a rejoin): its player list follows. */
  worldArrived(now: number): void {
    this.worldAt = now;
  }

  /** This client is no longer online: players taken away now did not leave. */
  offline(): void {
    this.leaving.clear();
    this.seats.clear();
  }

  added(player: PresencePlayer, now: number): void {
    if (player.isSelf) return;
    const seats = (this.seats.get(player.id) ?? 0) + 1;
    this.seats.set(player.id, seats);
    if (this.leaving.delete(player.id) || seats > 1) return;
    const settled = this.worldAt !== null && now - this.worldAt >= this.options.settleMs;
    if (settled && !this.known.has(player.id)) this.say(`${player.name} joined`);
    this.known.add(player.id);
  }

  removed(player: PresencePlayer, now: number): void {
    if (player.isSelf) return;
    const seats = (this.seats.get(player.id) ?? 0) - 1;
    if (seats > 0) {
      this.seats.set(player.id, seats);
      return;
    }
    this.seats.delete(player.id);
    if (this.known.has(player.id)) this.leaving.set(player.id, { name: player.name, at: now });
  }

  /** Tells the leaves whose grace ran out. */
  tick(now: number): void {
    for (const [id, leave] of this.leaving) {
      if (now - leave.at < this.options.leaveGraceMs) continue;
      this.leaving.delete(id);
      this.known.delete(id);
      this.say(`${leave.name} left`);
    }
  }

  /** Forgets the world (detached). */
  reset(): void {
    this.seats.clear();
    this.known.clear();
    this.leaving.clear();
    this.worldAt = null;
  }
}
