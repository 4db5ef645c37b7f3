export { WorldScene, SKY_COLOR } from './world-scene';
export type { FrameStats, LayerView, PassStats, WorldSceneOptions } from './world-scene';
export type { ColumnMeshes } from './column-meshes';
export type { BatchedLayer, Placement } from './batched-layer';
export type { FullDetailMask } from './full-detail-mask';
export type { FarTerrain } from './far-terrain';
export { ContextWatch } from './context-watch';
export type { ContextWatchEvents } from './context-watch';
