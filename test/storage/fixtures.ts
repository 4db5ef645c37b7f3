/** Shared inputs for the storage tests: a complete world record to vary one field at a time. */
import { DEFAULT_HOTBAR, type WorldRecord } from '../../src/storage';
import { DEFAULT_WORLD_PARAMS, WORLD_FORMAT_VERSION } from '../../src/world';

export function sampleRecord(overrides: Partial<WorldRecord> = {}): WorldRecord {
  return {
    id: 'a3f1c2d4-0000-4000-8000-000000000001',
    name: 'My World',
    params: { ...DEFAULT_WORLD_PARAMS, seed: 'castle', style: 'ridged', persistence: 0.47 },
    generatorVersion: WORLD_FORMAT_VERSION,
    created: 1_700_000_000_123,
    lastPlayed: 1_700_000_999_456,
    camera: { x: -1234.5, y: 88.25, z: 99_999_999.75, yaw: -2.9, pitch: 0.31 },
    mode: 'fly',
    hotbar: [...DEFAULT_HOTBAR],
    edits: 0,
    kept: true,
    ...overrides,
  };
}
