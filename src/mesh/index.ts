export * from './padded-volume';
export * from './vertex-format';
export * from './mesh-data';
export * from './faces';
export { QuadSink, packCornerAO, aoOfCorner } from './quad-sink';
export { meshColumnCulled, blockAt, faceAO } from './culled-mesher';
export { generatePaddedVolume, columnFromPaddedVolume } from './build-volume';
export { createGreedyMesher, meshColumnGreedy, type GreedyMesher } from './greedy-mesher';
export { MASK_SLICE_STRIDE } from './face-mask';
