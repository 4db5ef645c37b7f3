/**
 * Owns the bench worker: one measurement at a time, progress and result by callback,
 * replies of an earlier run (or after dispose) ignored.
 */
import type { BenchReport } from '../bench/report';
import { LAB_BENCH_OPTIONS, type BenchReply, type BenchRequest } from './bench-protocol';

export interface BenchCallbacks {
  progress(round: number, rounds: number): void;
  done(report: BenchReport): void;
  failed(message: string): void;
}

export class BenchClient {
  private readonly worker: Worker;
  private runId = 0;
  private busy = false;
  private disposed = false;

  constructor(createWorker: () => Worker, private readonly callbacks: BenchCallbacks) {
    this.worker = createWorker();
    this.worker.onmessage = (event: MessageEvent<BenchReply>) => this.receive(event.data);
    this.worker.onerror = (event) => {
      event.preventDefault();
      this.busy = false;
      if (!this.disposed) this.callbacks.failed(event.message || 'the bench worker crashed');
    };
  }

  get running(): boolean {
    return this.busy;
  }

  /** Starts a measurement unless one is running; returns whether it started. */
  run(): boolean {
    if (this.busy || this.disposed) return false;
    this.busy = true;
    this.runId++;
    this.worker.postMessage({ type: 'run', id: this.runId, options: { ...LAB_BENCH_OPTIONS } } satisfies BenchRequest);
    this.callbacks.progress(0, LAB_BENCH_OPTIONS.rounds);
    return true;
  }

  private receive(reply: BenchReply): void {
    if (this.disposed || reply.id !== this.runId) return;
    if (reply.type === 'progress') {
      this.callbacks.progress(reply.round, reply.rounds);
      return;
    }
    this.busy = false;
    if (reply.type === 'done') this.callbacks.done(reply.report);
    else this.callbacks.failed(reply.message);
  }

  /** Terminates the worker. Safe to call twice. */
  dispose(): void {
    if (this.disposed) return;
    this.disposed = true;
    this.busy = false;
    this.worker.onmessage = null;
    this.worker.onerror = null;
    this.worker.terminate();
  }
}
