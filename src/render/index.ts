export { WorldScene, SKY_COLOR } from './world-scene';
export type { FrameStats, LayerView, PassStats, WorldSceneOptions } from './world-scene';
export type { ColumnMeshes } from './column-meshes';
