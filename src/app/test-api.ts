/**
 * `window.__game`: what end-to-end tests, benchmarks and curious players reach from the
 * console. Setup and reading state only; play itself is driven with real input in tests.
 */
import type { NoiseSource, WorldParams } from '../world';
import type { SideSummary } from './world-side';

export interface GameStats {
  loaded: number;
  pending: number;
  geometries: number;
  drawCalls: number;
  triangles: number;
  camera: { x: number; y: number; z: number };
}

export interface GameTestApi {
  /** Resolves once every column around the current camera is on screen (or failed for good). */
  ready(): Promise<void>;
  stats(): GameStats;
  setSeed(text: string): void;
  setNoise(source: NoiseSource): void;
  teleport(x: number, y: number, z: number): void;
  /** The hash of a loaded column of the world shown (or, in compare mode, of the side with `noise`). */
  columnHash(cx: number, cz: number, noise?: NoiseSource): string | null;
  /** Compare mode on or off, the divider optionally moved first (a fraction of the width). */
  setCompare(on: boolean, split?: number): void;
  compare(): { on: boolean; split: number; sides: SideSummary[] };
  /** Extras for benchmarks and debugging. */
  setRenderDistance(radius: number): void;
  setWorkers(count: number): void;
  /** Horizontal look direction in radians (0 = north, -z), and pitch. */
  look(yaw: number, pitch?: number): void;
  params(): WorldParams;
  /** Sets one block (as a player edit, saved like one); returns why it was refused, or null. */
  editBlock(x: number, y: number, z: number, block: number): string | null;
  blockAt(x: number, y: number, z: number, noise?: NoiseSource): number;
  editCount(noise?: NoiseSource): number;
  progress(): { ready: number; wanted: number; failed: number };
  workerCount(): number;
  staleDropped(): number;
  columnsBuilt(): number;
  /** Main-thread milliseconds spent in each recent frame callback (oldest first), for benchmarks. */
  frameWork(): number[];
  clearFrameWork(): void;
  dispose(): void;
}

/** A finite number, or a console warning naming the call that was ignored. */
function finiteOrWarn(call: string, values: unknown[]): values is number[] {
  if (values.every((v) => typeof v === 'number' && Number.isFinite(v))) return true;
  console.warn(`${call}(${values.map(String).join(', ')}) ignored: arguments must be finite numbers`);
  return false;
}

/**
 * Everything the API needs from the game: the API's own calls, less the conveniences it
 * builds on top (ready, setSeed, setNoise) and with argument checks done here, not in Game.
 */
export interface TestApiHost extends Omit<GameTestApi, 'ready' | 'setSeed' | 'setNoise' | 'look' | 'setCompare'> {
  setCompare(on: boolean, split: number | undefined): void;
  whenReady(): Promise<void>;
  setWorld(params: WorldParams): void;
  look(yaw: number, pitch: number): void;
}

export function createTestApi(host: TestApiHost): GameTestApi {
  return {
    ready: () => host.whenReady(),
    stats: () => host.stats(),
    setSeed: (text) => host.setWorld({ ...host.params(), seed: String(text) }),
    setNoise: (source) => host.setWorld({ ...host.params(), noise: source }),
    teleport: (x, y, z) => {
      if (finiteOrWarn('teleport', [x, y, z])) host.teleport(x, y, z);
    },
    columnHash: (cx, cz, noise) => host.columnHash(cx, cz, noise),
    setCompare: (on, split) => {
      if (split === undefined || finiteOrWarn('setCompare', [split])) host.setCompare(on === true, split);
    },
    compare: () => host.compare(),
    setRenderDistance: (r) => host.setRenderDistance(r),
    setWorkers: (n) => host.setWorkers(n),
    look: (yaw, pitch = 0) => {
      if (finiteOrWarn('look', [yaw, pitch])) host.look(yaw, pitch);
    },
    params: () => ({ ...host.params() }),
    editBlock: (x, y, z, block) => host.editBlock(x, y, z, block),
    blockAt: (x, y, z, noise) => host.blockAt(x, y, z, noise),
    editCount: (noise) => host.editCount(noise),
    progress: () => host.progress(),
    workerCount: () => host.workerCount(),
    staleDropped: () => host.staleDropped(),
    columnsBuilt: () => host.columnsBuilt(),
    frameWork: () => host.frameWork(),
    clearFrameWork: () => host.clearFrameWork(),
    dispose: () => host.dispose(),
  };
}
