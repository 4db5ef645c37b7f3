/**
 * The requests a worker holds and which it runs next. A worker used to build each request in
 * its own message's task, in the order posted, so a request the pool had cancelled (an edit's
 * re-mesh replaced by a newer edit of the same column, an old world's load) was still built
 * in full, and an edit's re-mesh waited behind the loads posted before it. Here a message
 * only files the request; the builds run one per task of their own (`schedule`), so a
 * cancel posted meanwhile is read before its request would start and it is skipped, and an
 * urgent request goes before the loads already waiting.
 *
 * Urgent requests go first, but at most `urgentInARow` of them while a load waits, then one
 * load: a steady stream of edits must not stop the world around the player from loading.
 *
 * Pure: the worker passes in how to run a request, how to answer and how to schedule a step,
 * so tests in Node drive every interleaving by hand.
 */
import type { WorkerInMessage, WorkerNotice, WorkerRequest } from './protocol';

export interface InboxHost {
  /** Builds the request and posts its reply (a result or an error). */
  run(request: WorkerRequest): void;
  /** Posts a notice: `started` before a request runs, `cancelled` for one skipped. */
  notify(notice: WorkerNotice): void;
  /** Runs `step` in a task of its own, after the messages already waiting. */
  schedule(step: () => void): void;
}

export interface WorkerInboxOptions {
  /** Urgent requests run in a row, at most, while a load waits. */
  urgentInARow: number;
}

export const DEFAULT_WORKER_INBOX_OPTIONS: Readonly<WorkerInboxOptions> = Object.freeze({ urgentInARow: 4 });

export class WorkerInbox {
  private readonly urgent: WorkerRequest[] = [];
  private readonly normal: WorkerRequest[] = [];
  private readonly options: WorkerInboxOptions;
  private stepQueued = false;
  /** Urgent requests run since the last load. */
  private urgentRun = 0;

  constructor(
    private readonly host: InboxHost,
    options: Partial<WorkerInboxOptions> = {},
  ) {
    this.options = { ...DEFAULT_WORKER_INBOX_OPTIONS, ...options };
  }

  /** Requests waiting to run. */
  get waiting(): number {
    return this.urgent.length + this.normal.length;
  }

  receive(message: WorkerInMessage): void {
    if (message.type === 'cancel') {
      // Not waiting: it already ran (its reply is on the way) or was never here.
      if (this.remove(this.urgent, message.id) || this.remove(this.normal, message.id)) this.host.notify({ type: 'cancelled', id: message.id });
      return;
    }
    (message.urgent === true ? this.urgent : this.normal).push(message);
    this.queueStep();
  }

  private queueStep(): void {
    if (this.stepQueued || this.waiting === 0) return;
    this.stepQueued = true;
    this.host.schedule(() => {
      this.stepQueued = false;
      this.step();
    });
  }

  /** Runs the next request, then schedules the one after (cancels arriving in between are read first). */
  private step(): void {
    const next = this.takeNext();
    if (!next) return;
    this.host.notify({ type: 'started', id: next.id });
    try {
      this.host.run(next);
    } finally {
      this.queueStep();
    }
  }

  private takeNext(): WorkerRequest | undefined {
    const loadsFirst = this.normal.length > 0 && (this.urgent.length === 0 || this.urgentRun >= this.options.urgentInARow);
    if (loadsFirst) {
      this.urgentRun = 0;
      return this.normal.shift();
    }
    const next = this.urgent.shift();
    if (next) this.urgentRun++;
    return next;
  }

  private remove(list: WorkerRequest[], id: number): boolean {
    const i = list.findIndex((r) => r.id === id);
    if (i === -1) return false;
    list.splice(i, 1);
    return true;
  }
}
