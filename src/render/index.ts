export { WorldScene, SKY_COLOR } from './world-scene';
export type { FrameStats, WorldSceneOptions } from './world-scene';
export { loadAtlasPixels } from './tile-texture';
