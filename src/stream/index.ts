export * from './ring';
export * from './view-priority';
export * from './column-streamer';
export * from './far-distance';
export * from './lod-region';
export * from './lod-layout';
export * from './lod-wanted';
export * from './lod-streamer';
