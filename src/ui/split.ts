/**
 * Where compare mode's divider may be, as a fraction of the view's width: clamped so that
 * neither side vanishes and the handle stays on screen. No DOM here, so the URL parser can
 * use it in Node as well as the divider in the page.
 */
export const SPLIT_RANGE = Object.freeze({ min: 0.02, max: 0.98 });
export const DEFAULT_SPLIT = 0.5;

/** A usable split: clamped into SPLIT_RANGE; NaN and infinities give the default. */
export function clampSplit(split: number): number {
  if (!Number.isFinite(split)) return DEFAULT_SPLIT;
  return Math.min(SPLIT_RANGE.max, Math.max(SPLIT_RANGE.min, split));
}
