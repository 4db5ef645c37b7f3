/**
 * src/stats: descriptive statistics for what the game and the noise lab show (height
 * statistics per side in compare mode, histograms, ranges and directional bias in the lab
 * and the noise report). Pure (no DOM, no clock), so workers and Node tests use it; never
 * part of world generation, so unlike the generation layers it may use Math.sqrt and friends.
 */
export * from './moments';
export * from './sample-stats';
export * from './histogram';
export * from './isotropy';
export * from './noise-stats';
