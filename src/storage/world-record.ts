/**
 * A saved world: what the player named it, what makes its terrain, and where they left it.
 * Plain serialisable data: it is a record in IndexedDB and the header of an exported file.
 */
import type { WorldParams } from '../world';

export type PlayerMode = 'walk' | 'fly';
export const PLAYER_MODES: readonly PlayerMode[] = ['walk', 'fly'];

/** Where the player stands and looks (eye position; yaw and pitch in radians, as CameraPose). */
export interface SavedCamera {
  x: number;
  y: number;
  z: number;
  yaw: number;
  pitch: number;
}

export interface WorldRecord {
  /** Stable identity, never reused (a UUID); edits are stored under it. */
  id: string;
  name: string;
  params: WorldParams;
  /** WORLD_FORMAT_VERSION of the generator that made its terrain. */
  generatorVersion: number;
  /** Milliseconds since 1970 (Date.now() of the caller; this module reads no clock). */
  created: number;
  lastPlayed: number;
  /** Where the player was when they left it; null until they have played it. */
  camera: SavedCamera | null;
  mode: PlayerMode;
  /** Number of edited blocks, kept with every save so the world list needs no scan. */
  edits: number;
  /**
   * False for a world the game opened by itself (a seed typed in the panel, a link): such a
   * world is forgotten when the player leaves it without editing or naming it, so trying
   * seeds does not fill the list.
   */
  kept: boolean;
}

/** Longest world name, in characters. */
export const MAX_WORLD_NAME = 64;
