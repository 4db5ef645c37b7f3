/**
 * How breaking and placing feel: the step between the player's buttons and the BlockEditor.
 * Flying (creative) breaks at a click, as before; walking breaks by holding the button for the
 * block's time (src/world/block-hardness.ts), with cracks growing on it (BlockBreaking, pure).
 * A broken block bursts into particles, and a placed block is drawn at once until its
 * column's new mesh comes (render/pending-blocks.ts).
 *
 * Touch keeps its gestures (src/controls/look-gesture.ts): a tap breaks at once in either
 * mode, since holding still already means placing there.
 */
import { BlockBreaking } from '../../controls/block-breaking';
import type { BuildEffects } from '../../render/build-effects';
import type { PlayerMode } from '../../storage';
import { BLOCK_COLLIDES, BLOCK_SKY_FILTER, WORLD_HEIGHT } from '../../world';
import { breakSeconds } from '../../world/block-hardness';
import type { BlockEditor } from './block-editor';

/** The player's break and place buttons, for the input (GameInputActions). */
export interface BuildingActions {
  /** A click or tap: breaks the aimed block now (flying), or starts holding (walking, mouse). */
  breakBlock(): void;
  /** The mouse's break button went down or up. */
  holdBreak(down: boolean): void;
  placeBlock(): void;
}

/** How bright a broken block's bits are with no open sky above it (0..1). */
const CAVE_LIGHT = 0.35;

export class BlockBuilding {
  readonly actions: BuildingActions;
  /**
   * The player broke or placed `block` here (its sound: app/session/player-sound.ts). Only
   * this player's own actions come this way; edits from another tab do not.
   */
  onBuilt: ((kind: 'break' | 'place', block: number) => void) | null = null;
  private readonly breaking = new BlockBreaking();
  private held = false;
  /** The button went down since the last frame: a click shorter than a frame still counts (a flower breaks at once). */
  private pressed = false;
  /** Where a particle cannot be: the world as the editor sees it (the primary world on screen). */
  private readonly solidAt = (x: number, y: number, z: number) => BLOCK_COLLIDES[this.editor.blockAt(x, y, z)] === 1;

  constructor(
    private readonly editor: BlockEditor,
    private readonly effects: BuildEffects,
    /** Walking or flying now. */
    private readonly mode: () => PlayerMode,
  ) {
    this.actions = {
      breakBlock: () => this.breakNow(),
      holdBreak: (down) => {
        // A click in flight breaks at once; walking, holding is what breaks.
        if (down && this.mode() === 'fly') this.breakNow();
        this.held = down;
        if (down) this.pressed = true;
      },
      placeBlock: () => this.place(),
    };
  }

  /** The block being broken by holding, and how far (0..1), or null. */
  get current(): { x: number; y: number; z: number; progress: number } | null {
    return this.breaking.current;
  }

  /** Live particles. */
  get particles(): number {
    return this.effects.particles.count;
  }

  /**
   * One frame, after the aim was taken: holding on progresses (walking), the cracks follow,
   * and the particles move. `playing`: the player has the controls (else nothing is held).
   */
  frame(dt: number, playing: boolean): void {
    const holding = (this.held || this.pressed) && playing && this.mode() === 'walk';
    this.pressed = false;
    const aim = holding ? this.editor.aimed : null;
    const block = aim ? this.editor.aimedBlock() : null;
    const target = aim && block !== null ? { x: aim.x, y: aim.y, z: aim.z, block, seconds: breakSeconds(block) } : null;
    if (this.breaking.update(dt, holding, target)) this.breakNow();
    this.effects.cracks.show(this.breaking.current, this.breaking.stage);
    this.effects.update(dt, this.solidAt);
  }

  /** Breaks the aimed block now; it bursts into particles if it went. */
  breakNow(): void {
    const aim = this.editor.aimed;
    const before = this.editor.aimedBlock();
    if (!aim || before === null) return;
    this.editor.breakAimed();
    if (this.editor.aimedBlock() === before) return;
    this.effects.particles.burst(before, aim.x, aim.y, aim.z, this.skyAbove(aim.x, aim.y, aim.z) ? 1 : CAVE_LIGHT);
    // A block placed a moment ago, its mesh not yet come, must not stay drawn.
    this.effects.pending.add(aim.x, aim.y, aim.z, 0);
    this.onBuilt?.('break', before);
  }

  /**
   * Whether the sky reaches down to (x, y, z): the light the terrain's mesh has there is known
   * only to the worker, so particles take this rough measure of it (a cave's bits are dark).
   */
  private skyAbove(x: number, y: number, z: number): boolean {
    for (let above = y + 1; above < WORLD_HEIGHT; above++) if (BLOCK_SKY_FILTER[this.editor.blockAt(x, above, z)]! >= 15) return false;
    return true;
  }

  place(): void {
    const done = this.editor.placeAtAim();
    if (!done) return;
    const { placed, instant } = done;
    if (instant) this.effects.pending.add(placed.x, placed.y, placed.z, placed.block);
    this.onBuilt?.('place', placed.block);
  }
}
