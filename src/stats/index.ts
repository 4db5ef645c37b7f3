/**
 * src/stats: descriptive statistics for what the game and the noise lab show (height
 * statistics per side in compare mode, histograms and ranges in the lab). Pure (no DOM, no
 * clock), so workers and Node tests use it; never part of world generation, so unlike the
 * generation layers it may use Math.sqrt and friends.
 */
export * from './moments';
