/**
 * Messages between the main thread and column workers. Every request carries an id (to
 * match replies and cancel), the world generation and the column's edit revision (to drop
 * stale results); replies carry them back unchanged.
 */
import type { ColumnMeshData } from '../mesh';
import type { LodSplit } from '../mesh/lod-split';
import type { Moments } from '../stats';
import type { BlockEdit, WorldParams } from '../world';

export type { BlockEdit };

export interface BuildColumnRequest {
  type: 'build';
  id: number;
  generation: number;
  revision: number;
  params: WorldParams;
  cx: number;
  cz: number;
  /**
   * Edits inside the column or within LIGHT_MARGIN of it (they can change its border blocks
   * or its light), applied after generation and before the light.
   */
  edits: BlockEdit[];
  /** An edit's re-mesh: the worker runs it before the loads it holds (worker-inbox.ts). */
  urgent?: boolean;
}

export interface BuildColumnResult {
  type: 'built';
  id: number;
  generation: number;
  revision: number;
  cx: number;
  cz: number;
  /**
   * hashChunk of the column's blocks (after edits), so the test API can read a column's
   * hash as soon as it is shown. Computed for every column; it costs a copy of the blocks
   * out of the padded volume and one pass over them, timed apart as `hashMs`.
   */
  hash: string;
  mesh: ColumnMeshData;
  /** Quads the mesh has (for the HUD). */
  quads: number;
  /** The column's 256 terrain surface heights, summarised (for compare mode's statistics). */
  surface: SurfaceSummary;
  /** Milliseconds measured in the worker: generating (with edits), hashing, meshing. */
  generateMs: number;
  hashMs: number;
  meshMs: number;
}

/**
 * Surface heights of a column's 16 x 16 blocks as mergeable moments (src/stats), plus how
 * many of them are land: ground at or above sea level, not under water. Terrain only:
 * player edits do not move it.
 */
export interface SurfaceSummary extends Moments {
  land: number;
}

export interface BuildColumnError {
  type: 'error';
  id: number;
  generation: number;
  revision: number;
  cx: number;
  cz: number;
  message: string;
}

/**
 * A far region drawn at a level of detail (docs/architecture.md, "Levels of detail"): the
 * 2^level x 2^level columns from column (rx * 2^level, rz * 2^level), as 16 x 16 cells of
 * 2^level blocks, sampled straight from the generator; no column is generated.
 */
export interface BuildLodRequest {
  type: 'lod';
  id: number;
  generation: number;
  /** Edit revision of the region: a newer one replaces the mesh on screen. */
  revision: number;
  params: WorldParams;
  level: number;
  rx: number;
  rz: number;
  /** Edits inside the region; those on a sample point change its cell's surface. */
  edits: BlockEdit[];
  /** An edit's re-mesh: the worker runs it before the loads it holds (worker-inbox.ts). */
  urgent?: boolean;
}

/** What every reply about a LOD region carries back: which request, and which region. */
interface LodReply {
  id: number;
  generation: number;
  revision: number;
  level: number;
  rx: number;
  rz: number;
}

export interface BuildLodResult extends LodReply {
  type: 'lod-built';
  /**
   * The region's mesh already sorted into the items the renderer draws (lod-split.ts), so
   * the main thread copies no quad. In cells: x and z 0..16 (scaled by 2^level when drawn), y in blocks.
   */
  split: LodSplit;
  quads: number;
  /** Milliseconds in the worker: sampling, meshing and splitting. */
  buildMs: number;
}

export interface BuildLodError extends LodReply {
  type: 'lod-error';
  message: string;
}

/**
 * The pool gave up on a request it already posted: a worker that has not started it yet skips
 * it and answers `cancelled`; one that has, answers as usual (the pool drops that reply).
 */
export interface CancelRequest {
  type: 'cancel';
  id: number;
}

/**
 * What a worker says besides a request's one reply: `started` as it begins a request (a
 * crash is then charged to that request only), `cancelled` for a request it skipped.
 */
export type WorkerNotice = { type: 'started'; id: number } | { type: 'cancelled'; id: number };

export type WorkerRequest = BuildColumnRequest | BuildLodRequest;
/** Everything the main thread posts to a worker. */
export type WorkerInMessage = WorkerRequest | CancelRequest;
export type WorkerResult = BuildColumnResult | BuildLodResult;
export type WorkerError = BuildColumnError | BuildLodError;
export type WorkerReply = WorkerResult | WorkerError;
/** Everything a worker posts back. */
export type WorkerOutMessage = WorkerReply | WorkerNotice;

/** The buffers a result hands over without copying. */
export function transferablesOf(result: WorkerResult): ArrayBuffer[] {
  const arrays = result.type === 'lod-built' ? result.split : result.mesh;
  return [arrays.vertices.buffer as ArrayBuffer, arrays.materials.buffer as ArrayBuffer, arrays.indices.buffer as ArrayBuffer];
}

/** The error reply to a request: names what failed, so the pool can retry or report it. */
export function errorReplyTo(request: WorkerRequest, message: string): WorkerError {
  const { id, generation, revision } = request;
  return request.type === 'lod'
    ? { type: 'lod-error', id, generation, revision, level: request.level, rx: request.rx, rz: request.rz, message }
    : { type: 'error', id, generation, revision, cx: request.cx, cz: request.cz, message };
}
