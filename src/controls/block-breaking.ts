/**
 * Breaking by holding the button, as a walking player does in Minecraft: progress grows while
 * the button is held on one block, at a rate set by the block (src/world/block-hardness.ts),
 * and the block breaks when it is full. Letting go, or aiming at another block, starts over.
 * After a break, holding on waits a moment before the next block starts (Minecraft's five
 * ticks), so a held button does not tunnel through soft ground at once.
 *
 * Pure: the caller passes dt, whether the button is held and what is aimed at, each frame.
 */
export interface BreakTarget {
  x: number;
  y: number;
  z: number;
  /** The block there now: a block changed under the aim (another tab, undo) starts over. */
  block: number;
  /** Seconds to break it (0: at once; Infinity: never). */
  seconds: number;
}

export interface BlockBreakingOptions {
  /** Seconds after a break before the held button starts on the next block. */
  cooldownSeconds: number;
  /** Crack stages shown from start to break (Minecraft has ten). */
  stages: number;
}

export const DEFAULT_BLOCK_BREAKING_OPTIONS: Readonly<BlockBreakingOptions> = Object.freeze({
  cooldownSeconds: 0.25,
  stages: 10,
});

export class BlockBreaking {
  private target: BreakTarget | null = null;
  private elapsed = 0;
  private cooldown = 0;

  constructor(private readonly options: BlockBreakingOptions = DEFAULT_BLOCK_BREAKING_OPTIONS) {}

  /**
   * One frame: `held` is whether the button is down, `aim` the block under the crosshair.
   * Returns the target to break now, or null.
   */
  update(dt: number, held: boolean, aim: BreakTarget | null): BreakTarget | null {
    this.cooldown = Math.max(0, this.cooldown - dt);
    if (!held || !aim || !Number.isFinite(aim.seconds)) {
      this.reset();
      return null;
    }
    if (!this.target || !sameBlock(this.target, aim)) {
      this.target = { ...aim };
      this.elapsed = 0;
    }
    if (this.cooldown > 0) return null;
    this.elapsed += dt;
    if (this.elapsed < aim.seconds) return null;
    const broken = this.target;
    this.reset();
    this.cooldown = this.options.cooldownSeconds;
    return broken;
  }

  /** The block being broken and how far, 0..1, or null when none is. */
  get current(): { x: number; y: number; z: number; progress: number } | null {
    const t = this.target;
    if (!t || this.elapsed <= 0) return null;
    return { x: t.x, y: t.y, z: t.z, progress: Math.min(1, this.elapsed / t.seconds) };
  }

  /** The crack stage to draw, 0..stages-1, or -1 for none. */
  get stage(): number {
    const c = this.current;
    return c ? Math.min(this.options.stages - 1, Math.floor(c.progress * this.options.stages)) : -1;
  }

  /** Starts over (the button let go, the mode changed). */
  reset(): void {
    this.target = null;
    this.elapsed = 0;
  }
}

function sameBlock(a: BreakTarget, b: BreakTarget): boolean {
  return a.x === b.x && a.y === b.y && a.z === b.z && a.block === b.block;
}
