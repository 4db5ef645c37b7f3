export * from './protocol';
export * from './worker-pool';
export { buildColumn } from './build-column';
