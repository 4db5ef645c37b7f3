/**
 * `window.__game`: what end-to-end tests, benchmarks and curious players reach from the
 * console. Setup and reading state only; play itself is driven with real input in tests.
 */
import type { HeldInput } from '../controls/player-controller';
import type { PlayerSettings } from '../controls/player-settings';
import type { WorldLibrary } from '../persistence/world-library';
import type { PlayerState } from '../physics';
import type { WorldScene } from '../render';
import type { PlayerMode } from '../storage/world-record';
import { blockIdsByName, type NoiseSource, type WorldParams } from '../world';
import type { HotbarFlow } from './session/hotbar-flow';
import type { PanelBinding } from './flows/panel-binding';
import type { WorldsFlow } from './flows/worlds-flow';
import type { FrameWorkLog } from './frame/frame-work-log';
import { biomeNameAt } from './frame/hud-data';
import type { PlayMode } from './input/play-mode';
import type { SoundReading } from './session/player-sound';
import type { WorldSide, SideSummary } from './session/world-side';
import type { WorldPlayer } from './session/world-player';
import type { Worlds } from './session/worlds';
import type { LightLevels } from './session/light-probe';
import type { ConnectionStatus } from './net/connection-types';

/** The player's body as tests read it: feet position, velocity, contact, and the mode. */
/** The body's state, how it moves, and the flight speed (Alt + wheel sets it), in blocks per second. */
export type PlayerReading = PlayerState & { mode: PlayerMode; flySpeed: number };

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
  /** Far regions the world shown wants now (its LOD layout). */
  lodWanted: number;
  /** Of those, how many its LOD layer draws (any world's mesh: an old one until replaced). */
  lodVisible: number;
  /** Of those, how many show the current world (generation and edits). */
  lodCurrent: number;
  /** Bytes of GPU buffers and textures the terrain holds (capacity, not just what is in use). */
  gpuBytes: number;
  /** Emptied arenas kept for reuse: among `geometries`, drawing nothing (src/render/arena-pool.ts). */
  pooledArenas: number;
  /**
   * Bytes handed to the GPU (bufferData, bufferSubData, texImage, texSubImage) since the game
   * started, and in the last frame drawn: what the renderer's context really received.
   */
  uploadBytes: number;
  uploadBytesLastFrame: number;
  underWater: boolean;
  /** Frames drawn, and frames skipped because nothing on screen changed (src/render/frame-signature.ts). */
  framesDrawn: number;
  framesSkipped: number;
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

/** How much of the far view the world shown draws (from its side's summary, WorldSide.farCoverage). */
export type FarCoverage = Pick<GameStats, 'lodWanted' | 'lodVisible' | 'lodCurrent'>;

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
  /**
   * Cave-face culling on (the default) or off: the same view drawn both ways, for the benchmark
   * and the tests' pictures. Applies from the next frame.
   */
  setCaveCulling(on: boolean): void;
  /**
   * Draws the view `count` times now, each time waiting for the GPU to finish (a one-pixel
   * read), for benchmarks: each draw's milliseconds, and the triangles of the last.
   */
  timeDraws(count: number): { ms: number[]; triangles: number };
  /**
   * Draws every frame, changed or not (true), or only frames whose picture changed (false,
   * the default): benchmarks timing a still view turn it on.
   */
  setDrawEveryFrame(on: boolean): void;
  /**
   * Draws the world at this fraction of the screen's resolution (0.25-1): 1 as on a GPU, where
   * a software renderer starts at SOFTWARE_RENDER_SCALE. For tests that compare pictures pixel
   * by pixel, which a browser's scaling up blurs across edges. Returns the scale it replaced.
   */
  setRenderScale(scale: number): number;
  /** Horizontal look direction in radians (0 = north, -z), and pitch. */
  look(yaw: number, pitch?: number): void;
  params(): WorldParams;
  /**
   * Sets one block, in block state `state` (0..255, default 0), as a player edit, saved like
   * one; returns why it was refused, or null.
   */
  editBlock(x: number, y: number, z: number, block: number, state?: number): string | null;
  blockAt(x: number, y: number, z: number, noise?: NoiseSource): number;
  /** The block state at (x, y, z): its edit's, or 0 (generated blocks have none). */
  blockStateAt(x: number, y: number, z: number, noise?: NoiseSource): number;
  /**
   * Skylight and block light (each 0..15) at a block, as its column's mesh has them. A promise:
   * the column is rebuilt by the mesher's code, which the main thread loads only when asked.
   */
  lightAt(x: number, y: number, z: number, noise?: NoiseSource): Promise<LightLevels | null>;
  /** The block registry as names to ids (air included). */
  blocks(): Record<string, number>;
  /** The hotbar's blocks, its selected slot, and whether the inventory is open. */
  hotbar(): { blocks: number[]; selected: number; inventoryOpen: boolean };
  /** Break particles alive now. */
  particles(): number;
  /** The block being broken by holding the button (walking), and how far, 0..1; null when none is. */
  breaking(): { x: number; y: number; z: number; progress: number } | null;
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
  /** What the player hears (sound, issue 23): started, volume and mute, muffled, ambience, sounds played by kind. */
  sound(): SoundReading;
  /** Sets the time of day in hours, 0..24 (12 is noon); anything else throws a RangeError and changes nothing. */
  setTime(hours: number): void;
  /** The time of day in hours, 0 up to 24 (12 is noon). */
  time(): number;
  /** Stops the day's clock (true) or lets it run again (false), as the Time folder's box does. */
  setTimePaused(on: boolean): void;
  /** Play together, as the Worlds dialog's button: shares the open world, joins it; resolves to the invite link. */
  shareWorld(): Promise<string>;
  /** The shared world's connection ('offline' outside one; 'connecting' also while retrying the first join). */
  connection(): ConnectionStatus;
  /** The others in the shared world, where the room last said they were. */
  players(): { name: string; x: number; y: number; z: number }[];
  /** This player's edits the room has not acknowledged yet. */
  pendingEdits(): number;
  dispose(): void;
}

/** A finite number, or a console warning naming the call that was ignored. */
function finiteOrWarn(call: string, values: unknown[]): values is number[] {
  if (values.every((v) => typeof v === 'number' && Number.isFinite(v))) return true;
  console.warn(`${call}(${values.map(String).join(', ')}) ignored: arguments must be finite numbers`);
  return false;
}

/** The game's subsystems the API reads and sets up, and the few things only Game knows. */
export interface TestApiParts {
  worlds: Worlds;
  player: WorldPlayer;
  scene: WorldScene;
  library: WorldLibrary;
  flows: WorldsFlow;
  mode: PlayMode;
  settings: PanelBinding;
  frameWork: FrameWorkLog;
  /** Frames stopped (hidden tab, lost context). */
  paused(): boolean;
  hotbar: HotbarFlow;
  /** Resolves when the session is idle and everything around the camera is on screen. */
  whenReady(): Promise<void>;
  moveDivider(split: number): void;
  dispose(): void;
}

export function createTestApi(parts: TestApiParts): GameTestApi {
  const { worlds, player, scene, library, settings } = parts;
  const { sides, session, editor } = worlds;
  /** The side showing `noise`, or the primary one when no noise is named (or, with a warning, when that world is not on screen). */
  const sideFor = (noise: NoiseSource | undefined): WorldSide => {
    const side = noise === undefined ? sides.primary : sides.withNoise(noise);
    if (side) return side;
    console.warn(`No ${noise} world is on screen (compare mode is off); using the ${sides.primary.noise} world`);
    return sides.primary;
  };
  const setWorld = (params: WorldParams) => void settings.setWorld(params);
  const stats = (): GameStats => {
    const s = scene.stats();
    const p = player.pose;
    const primary = sides.primary;
    const summary = primary.summary();
    return {
      loaded: primary.streamer.loadedCount(),
      pending: primary.streamer.pendingCount(),
      lodRegions: primary.lodRegionCount,
      lodWanted: summary.farWanted,
      lodVisible: summary.farDrawn,
      lodCurrent: summary.farCurrent,
      gpuBytes: s.gpuBytes,
      pooledArenas: s.pooledArenas,
      uploadBytes: s.uploadBytes,
      uploadBytesLastFrame: s.uploadBytesLastFrame,
      underWater: s.underWater,
      framesDrawn: s.framesDrawn,
      framesSkipped: s.framesSkipped,
      paused: parts.paused(),
      geometries: s.geometries,
      drawCalls: s.drawCalls,
      triangles: s.triangles,
      camera: { x: p.x, y: p.y, z: p.z, yaw: p.yaw, pitch: p.pitch },
      biome: biomeNameAt(session.params, p.x, p.z),
    };
  };
  return {
    ready: () => parts.whenReady(),
    stats,
    setSeed: (text) => setWorld({ ...session.params, seed: String(text) }),
    setNoise: (source) => setWorld({ ...session.params, noise: source }),
    setWorldParams: (params) => setWorld({ ...session.params, ...params }),
    teleport: (x, y, z) => {
      if (finiteOrWarn('teleport', [x, y, z])) player.teleport(x, y, z);
    },
    columnHash: (cx, cz, noise) => sideFor(noise).loader.hashOf(cx, cz),
    setCompare: (on, split) => {
      if (split !== undefined && !finiteOrWarn('setCompare', [split])) return;
      if (split !== undefined) parts.moveDivider(split);
      void settings.setCompare(on === true);
    },
    compare: () => ({ on: sides.compare, split: sides.split, sides: sides.all.map((side) => side.summary()) }),
    setRenderDistance: (r) => worlds.views.setRenderDistance(r),
    setFarDistance: (f) => {
      if (finiteOrWarn('setFarDistance', [f])) worlds.views.setFarDistance(f);
    },
    setWorkers: (n) => settings.setWorkers(n),
    setCaveCulling: (on) => {
      sides.caveCulling = on === true;
    },
    timeDraws: (count) => {
      const gl = scene.renderer.getContext();
      const pixel = new Uint8Array(4);
      const ms: number[] = [];
      for (let i = 0; i < Math.min(100, Math.max(0, Math.floor(count))); i++) {
        const t0 = performance.now();
        sides.render(true);
        gl.readPixels(0, 0, 1, 1, gl.RGBA, gl.UNSIGNED_BYTE, pixel);
        ms.push(performance.now() - t0);
      }
      return { ms, triangles: scene.stats().triangles };
    },
    setDrawEveryFrame: (on) => {
      scene.drawEveryFrame = on === true;
    },
    setRenderScale: (scale) => {
      const before = scene.resolution.scale;
      if (finiteOrWarn('setRenderScale', [scale])) scene.setRenderScale(Math.min(1, Math.max(0.25, scale)));
      return before;
    },
    look: (yaw, pitch = 0) => {
      if (!finiteOrWarn('look', [yaw, pitch])) return;
      player.pose.yaw = yaw;
      player.pose.pitch = pitch;
    },
    params: () => ({ ...session.params }),
    editBlock: (x, y, z, block, state = 0) => editor.apply({ x, y, z, block, state }),
    blockAt: (x, y, z, noise) => editor.blockAt(x, y, z, sideFor(noise).key),
    blockStateAt: (x, y, z, noise) => editor.stateAt(x, y, z, sideFor(noise).key),
    lightAt: async (x, y, z, noise) => {
      if (!finiteOrWarn('lightAt', [x, y, z])) return null;
      const side = sideFor(noise);
      // Loaded on demand: the mesher stays out of the main thread's bundle (main-thread-imports.test.ts).
      const { lightAt } = await import('./session/light-probe');
      return lightAt(side.params, (cx, cz) => editor.editsFor(cx, cz, side.key), Math.floor(x), Math.floor(y), Math.floor(z));
    },
    blocks: () => blockIdsByName(),
    hotbar: () => ({ blocks: [...editor.hotbar.blocks], selected: editor.hotbar.selected, inventoryOpen: parts.hotbar.inventoryOpen }),
    particles: () => parts.worlds.building.particles,
    breaking: () => parts.worlds.building.current,
    editCount: (noise) => editor.editCountIn(sideFor(noise).key),
    progress: () => sides.primary.streamer.progress(),
    workerCount: () => worlds.scheduler.pool.size,
    staleDropped: () => sides.primary.loader.staleDropped,
    columnsBuilt: () => sides.primary.loader.columnsBuilt,
    setMode: (mode) => {
      if (mode === 'walk' || mode === 'fly') parts.mode.set(mode);
      else console.warn(`setMode(${String(mode)}) ignored: the mode is 'walk' or 'fly'`);
    },
    player: () => {
      const s = player.controller.state;
      return { x: s.x, y: s.y, z: s.z, vx: s.vx, vy: s.vy, vz: s.vz, onGround: s.onGround, inWater: s.inWater, steppedUp: s.steppedUp, mode: player.mode, flySpeed: player.controller.options.flySpeed };
    },
    setInput: (input) => player.controller.setInput(typeof input === 'object' && input !== null ? input : {}),
    undo: () => editor.undo(),
    redo: () => editor.redo(),
    flush: () => library.flush(),
    exportWorld: async () => (await library.exportWorld(session.current.record.id)).text,
    importWorld: (data) => parts.flows.importWorld(data),
    worlds: async () => (await library.summaries()).map(({ id, name, seed, edits, current }) => ({ id, name, seed, edits, current })),
    worldLoad: () => library.lastLoad,
    openWorld: async (id) => void (await parts.flows.open(String(id))),
    deleteWorld: (id) => parts.flows.deleteWorld(String(id)),
    frameWork: () => parts.frameWork.toArray(),
    clearFrameWork: () => parts.frameWork.clear(),
    settings: () => settings.playerSettings.current,
    cameraFov: () => scene.camera.fov,
    sound: () => settings.sound.state(),
    setTime: (hours) => {
      const problem = settings.day.setTime(hours);
      if (problem !== null) throw new RangeError(`setTime(${String(hours)}) refused: ${problem}; the time stays ${settings.day.hours.toFixed(2)}`);
    },
    time: () => settings.day.hours,
    setTimePaused: (on) => settings.day.setPaused(on === true),
    shareWorld: () => (parts.worlds.shared ? parts.worlds.shared.share() : Promise.reject(new Error('this game has no shared worlds'))),
    connection: () => parts.worlds.shared?.status ?? 'offline',
    players: () => (parts.worlds.shared?.players() ?? []).map(({ name, x, y, z }) => ({ name, x, y, z })),
    pendingEdits: () => parts.worlds.shared?.pendingEdits ?? 0,
    dispose: () => parts.dispose(),
  };
}
