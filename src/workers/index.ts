/**
 * What the main thread uses. buildColumn runs in the worker (column.worker.ts imports it
 * directly) and stays out of here, so the mesher is not bundled into the main thread.
 */
export * from './protocol';
export * from './worker-pool';
