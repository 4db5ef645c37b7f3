/**
 * `window.__game`: what end-to-end tests, benchmarks and curious players reach from the
 * console. Setup and reading state only; play itself is driven with real input in tests.
 */
import type { PlayerState } from '../physics';
import type { PlayerMode } from '../storage/world-record';
import type { NoiseSource, WorldParams } from '../world';
import type { HeldInput } from '../controls/player-controller';
import type { PlayerSettings } from '../controls/player-settings';
import type { SideSummary } from './session/world-side';

/** The player's body as tests read it: feet position, velocity, contact, and the mode. */
export type PlayerReading = PlayerState & { mode: PlayerMode };

export interface WorldListing {
  id: string;
  name: string;
  seed: string;
  edits: number;
  /** The open world. */
  current: boolean;
}

export interface GameStats {
  loaded: number;
  pending: number;
  /** LOD regions stored for the world shown (drawn or waiting to take over from others). */
  lodRegions: number;
  /** Bytes of GPU buffers and textures the terrain holds (capacity, not just what is in use). */
  gpuBytes: number;
  /** Frames stopped: a hidden tab or a lost WebGL context. */
  paused: boolean;
  geometries: number;
  drawCalls: number;
  triangles: number;
  /** The eye, and where it looks (radians: yaw 0 faces -z, pitch + up). */
  camera: { x: number; y: number; z: number; yaw: number; pitch: number };
  /** The biome under the camera (as the HUD names it), or the world type's name where there are none. */
  biome: string;
}

export interface GameTestApi {
  /** Resolves once every column and LOD region around the current camera is on screen (or failed for good). */
  ready(): Promise<void>;
  stats(): GameStats;
  setSeed(text: string): void;
  setNoise(source: NoiseSource): void;
  /** Any world parameters (type, biomeScale, …), the rest kept; bad values are refused as in the panel. */
  setWorldParams(params: Partial<WorldParams>): void;
  teleport(x: number, y: number, z: number): void;
  /** The hash of a loaded column of the world shown (or, in compare mode, of the side with `noise`). */
  columnHash(cx: number, cz: number, noise?: NoiseSource): string | null;
  /** Compare mode on or off, the divider optionally moved first (a fraction of the width). */
  setCompare(on: boolean, split?: number): void;
  compare(): { on: boolean; split: number; sides: SideSummary[] };
  /** Extras for benchmarks and debugging. */
  setRenderDistance(radius: number): void;
  /** How far levels of detail reach, in columns (0..128; 0 turns them off). */
  setFarDistance(columns: number): void;
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
  /** Walk (gravity, collision) or fly. */
  setMode(mode: PlayerMode): void;
  player(): PlayerReading;
  /** Holds exactly these inputs, through the same controller as the keys (the rest are let go). */
  setInput(input: HeldInput): void;
  /** Takes back (or does again) the last edit action; false when there is none. */
  undo(): boolean;
  redo(): boolean;
  /** Resolves when every edit made so far is committed to IndexedDB. */
  flush(): Promise<void>;
  /** The open world as an export file's text. */
  exportWorld(): Promise<string>;
  /** Adds a world from an export file: its id, or null with the reason shown to the player. */
  importWorld(data: string | Uint8Array | ArrayBuffer): Promise<string | null>;
  worlds(): Promise<WorldListing[]>;
  /** How the last world's edits were read: total ms, pages, and the longest page's ms (null before any read). */
  worldLoad(): { edits: number; totalMs: number; pages: number; longestPageMs: number } | null;
  openWorld(id: string): Promise<void>;
  deleteWorld(id: string): Promise<void>;
  /** Main-thread milliseconds spent in each recent frame callback (oldest first), for benchmarks. */
  frameWork(): number[];
  clearFrameWork(): void;
  /** The player's settings in force (field of view, look, keys…), as the Settings folder shows them. */
  settings(): PlayerSettings;
  /** The vertical field of view of the drawn camera, in degrees. */
  cameraFov(): number;
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
 * builds on top (ready, setSeed, setNoise, setWorldParams) and with argument checks done here, not in Game.
 */
export interface TestApiHost extends Omit<GameTestApi, 'ready' | 'setSeed' | 'setNoise' | 'setWorldParams' | 'look' | 'setCompare'> {
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
    setWorldParams: (params) => host.setWorld({ ...host.params(), ...params }),
    teleport: (x, y, z) => {
      if (finiteOrWarn('teleport', [x, y, z])) host.teleport(x, y, z);
    },
    columnHash: (cx, cz, noise) => host.columnHash(cx, cz, noise),
    setCompare: (on, split) => {
      if (split === undefined || finiteOrWarn('setCompare', [split])) host.setCompare(on === true, split);
    },
    compare: () => host.compare(),
    setRenderDistance: (r) => host.setRenderDistance(r),
    setFarDistance: (f) => {
      if (finiteOrWarn('setFarDistance', [f])) host.setFarDistance(f);
    },
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
    setMode: (mode) => {
      if (mode === 'walk' || mode === 'fly') host.setMode(mode);
      else console.warn(`setMode(${String(mode)}) ignored: the mode is 'walk' or 'fly'`);
    },
    player: () => host.player(),
    setInput: (input) => host.setInput(typeof input === 'object' && input !== null ? input : {}),
    undo: () => host.undo(),
    redo: () => host.redo(),
    flush: () => host.flush(),
    exportWorld: () => host.exportWorld(),
    importWorld: (data) => host.importWorld(data),
    worlds: () => host.worlds(),
    worldLoad: () => host.worldLoad(),
    openWorld: (id) => host.openWorld(String(id)),
    deleteWorld: (id) => host.deleteWorld(String(id)),
    frameWork: () => host.frameWork(),
    clearFrameWork: () => host.clearFrameWork(),
    settings: () => host.settings(),
    cameraFov: () => host.cameraFov(),
    dispose: () => host.dispose(),
  };
}
