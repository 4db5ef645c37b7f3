/**
 * Emptied arenas (batched-pass.ts) kept for the next render region instead of freed. A new
 * BatchedMesh sends its whole arrays to the GPU the first time it is drawn (1.5 MB for an
 * opaque arena of 32k quads, whatever it holds), and freeing one costs the main thread too
 * (deleting its buffers and textures). In a flight, regions empty behind the camera about as
 * fast as new ones fill ahead: a pooled arena is reset, its GPU buffers stay allocated, and
 * its new items send only their own ranges.
 *
 * The pool is bounded in bytes (an idle arena holds its arrays in the heap and on the GPU).
 * What is over the bound is freed by trim(), one arena a call, oldest first, so a region
 * emptying a dozen arenas at once never frees them all in one frame.
 */
import type { BatchedPass } from './batched-pass';

interface Idle {
  readonly arena: BatchedPass;
  /** Which pass of the layer it served (its shader and vertex layout). */
  readonly pass: string;
  readonly bytes: number;
}

export class ArenaPool {
  /** Idle arenas, least recently returned first. */
  private readonly idle: Idle[] = [];
  private idleBytes = 0;
  private disposed = false;

  /** @param maxBytes GPU bytes of idle arenas kept beyond one trim() a frame. */
  constructor(private readonly maxBytes: number) {}

  /** Idle arenas held. */
  get size(): number {
    return this.idle.length;
  }

  /** GPU bytes of the idle arenas. */
  get gpuBytes(): number {
    return this.idleBytes;
  }

  /** An idle arena of `pass` that holds exactly `quads`, the most recently returned one, or null. */
  take(pass: string, quads: number): BatchedPass | null {
    for (let i = this.idle.length - 1; i >= 0; i--) {
      const entry = this.idle[i]!;
      if (entry.pass !== pass || entry.arena.capacityQuads !== quads) continue;
      this.idle.splice(i, 1);
      this.idleBytes -= entry.bytes;
      return entry.arena;
    }
    return null;
  }

  /** Keeps an arena that no longer draws anything, emptied for its next items; after dispose(), frees it. */
  give(pass: string, arena: BatchedPass): void {
    if (this.disposed) {
      arena.dispose();
      return;
    }
    arena.reset();
    const bytes = arena.gpuBytes;
    this.idle.push({ arena, pass, bytes });
    this.idleBytes += bytes;
  }

  /** Frees the oldest idle arena if the pool is over its bound; returns whether it freed one. Call once a frame. */
  trim(): boolean {
    if (this.idleBytes <= this.maxBytes || this.idle.length === 0) return false;
    const entry = this.idle.shift()!;
    this.idleBytes -= entry.bytes;
    entry.arena.dispose();
    return true;
  }

  /** Frees every idle arena; arenas given afterwards are freed at once. Safe to call twice. */
  dispose(): void {
    if (this.disposed) return;
    this.disposed = true;
    for (const { arena } of this.idle) arena.dispose();
    this.idle.length = 0;
    this.idleBytes = 0;
  }
}
