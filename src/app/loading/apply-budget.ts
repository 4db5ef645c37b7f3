/**
 * How long a frame may spend turning worker results into GPU geometry. Normally a fixed few
 * milliseconds, so streaming never costs a smooth frame rate. But while much of the view is
 * still missing (the first load, a teleport, a new world) the player is waiting for terrain,
 * not for frames, and on a slow GPU (SwiftShader draws one frame in 150-400 ms) a fixed 4 ms
 * per frame applies a few columns a frame: the workers finish long before the screen does.
 * Then the budget grows with the frame time, to a share of it, so a slow device catches up
 * as fast as a fast one relative to its frame rate.
 */
export interface ApplyBudgetOptions {
  /** The budget of a frame when the view is (nearly) complete, ms. */
  baseMs: number;
  /** While catching up: this share of the last frame's duration... */
  catchUpShare: number;
  /** ...up to this many ms. */
  catchUpMaxMs: number;
  /** Catching up means less than this share of the wanted terrain is on screen. */
  completeShare: number;
}

export const DEFAULT_APPLY_BUDGET_OPTIONS: Readonly<ApplyBudgetOptions> = Object.freeze({
  baseMs: 4,
  catchUpShare: 0.25,
  catchUpMaxMs: 50,
  completeShare: 0.8,
});

/** The budget for this frame, given the last frame's duration and the share (0..1) of wanted terrain on screen. */
export function applyBudgetMs(lastFrameMs: number, shareOnScreen: number, options: ApplyBudgetOptions = DEFAULT_APPLY_BUDGET_OPTIONS): number {
  if (!(shareOnScreen < options.completeShare) || !Number.isFinite(lastFrameMs)) return options.baseMs;
  return Math.max(options.baseMs, Math.min(options.catchUpMaxMs, lastFrameMs * options.catchUpShare));
}
