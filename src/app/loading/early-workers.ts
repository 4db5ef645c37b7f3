/**
 * Column workers started before the game is built, so that fetching, compiling and starting
 * their script overlaps the main thread's own start (the block textures, the world library,
 * the WebGL context, the first frame) instead of following it. A worker's start took about
 * 0.2 s of a 2-core machine, and the first jobs waited for it; the game's pool takes these
 * workers first and makes any more itself.
 */
import type { WorkerLike } from '../../workers/worker-pool';

export class EarlyWorkers {
  private readonly waiting: { worker: WorkerLike; failed: ErrorEvent | null }[] = [];

  constructor(
    count: number,
    private readonly create: () => WorkerLike,
  ) {
    for (let i = 0; i < count; i++) {
      const entry = { worker: create(), failed: null as ErrorEvent | null };
      // A script that fails to load reports it once, perhaps before the pool listens.
      entry.worker.onerror = (event) => (entry.failed = event);
      this.waiting.push(entry);
    }
  }

  /**
   * A started worker if one is left, else a new one: the pool's createWorker. An error the
   * worker reported while it waited reaches the handler the pool sets, a microtask later.
   */
  readonly take = (): WorkerLike => {
    const entry = this.waiting.shift();
    if (!entry) return this.create();
    const { worker, failed } = entry;
    worker.onerror = null;
    if (failed) queueMicrotask(() => worker.onerror?.(failed));
    return worker;
  };

  /** Stops the workers nobody took (the game did not start, or wanted fewer). Safe to call twice. */
  dispose(): void {
    for (const { worker } of this.waiting.splice(0)) {
      worker.onerror = null;
      worker.terminate();
    }
  }
}
