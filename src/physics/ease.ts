/**
 * Exponential easing of a velocity toward a target: the gap shrinks by exp(-rate·dt) each
 * step. The blend 1 - exp(-rate·dt) stays below 1 for any dt, so a long step lands at most
 * on the target and never past it, where a linear `rate·dt` blend would overshoot and ring.
 */

/**
 * Gaps below this (blocks/s) close at once, so a stop is an exact zero: a thousandth of a
 * block per second is invisible, while the exponential tail under it would keep the camera
 * creeping by fractions of a micron for seconds after the keys are let go.
 */
const SNAP = 1e-3;

export function easeToward(current: number, target: number, rate: number, dt: number): number {
  const next = current + (target - current) * (1 - Math.exp(-rate * dt));
  return Math.abs(target - next) < SNAP ? target : next;
}
