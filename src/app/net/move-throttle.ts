/**
 * The player's pose to the room at most every `intervalMs` (10 a second by default): the
 * latest pose wins, one timer sends it when the interval is up. `flush()` sends a changed pose
 * at once, for an edit, since the room checks reach from the last move it took.
 */
import type { MoveMessage } from '../../net';

export class MoveThrottle {
  private latest: MoveMessage | null = null;
  private sent: MoveMessage | null = null;
  private sentAt = -Infinity;
  private timer: ReturnType<typeof setTimeout> | null = null;

  constructor(
    private readonly send: (move: MoveMessage) => void,
    private readonly intervalMs: number,
    private readonly now: () => number = () => performance.now(),
  ) {}

  update(pose: MoveMessage): void {
    this.latest = { x: pose.x, y: pose.y, z: pose.z, yaw: pose.yaw, pitch: pose.pitch };
    const wait = this.sentAt + this.intervalMs - this.now();
    if (wait <= 0) this.flush();
    else this.timer ??= setTimeout(() => ((this.timer = null), this.flush()), wait);
  }

  /** Sends the latest pose now if the room has not had it. */
  flush(): void {
    const pose = this.latest;
    if (!pose || (this.sent && samePose(pose, this.sent))) return;
    this.sent = pose;
    this.sentAt = this.now();
    this.send(pose);
  }

  /** A new seat knows no pose: the next flush sends it again. */
  reset(): void {
    this.sent = null;
  }

  dispose(): void {
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
  }
}

const samePose = (a: MoveMessage, b: MoveMessage): boolean => a.x === b.x && a.y === b.y && a.z === b.z && a.yaw === b.yaw && a.pitch === b.pitch;
