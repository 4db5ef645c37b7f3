/**
 * WorkerInbox is what a worker does with the messages it gets: it files requests and runs them
 * one step (task) each, so a cancel read in between skips a request, and edits' re-meshes go
 * before the loads waiting. Steps are run by hand here.
 */
import { describe, expect, it } from 'vitest';
import type { WorkerNotice, WorkerRequest } from '../../src/workers';
import { WorkerInbox } from '../../src/workers/worker-inbox';
import { job } from './fake-worker';

function harness(urgentInARow = 4) {
  const log: string[] = [];
  const steps: (() => void)[] = [];
  const inbox = new WorkerInbox(
    {
      run: (r) => log.push(`run ${r.id}`),
      notify: (n: WorkerNotice) => log.push(`${n.type} ${n.id}`),
      schedule: (step) => steps.push(step),
    },
    { urgentInARow },
  );
  const request = (id: number, urgent = false): WorkerRequest => ({ type: 'build', id, ...job(id), ...(urgent ? { urgent: true } : {}) });
  /** Runs the scheduled steps (and those they schedule) until none is left. */
  const drain = () => {
    for (let i = 0; i < 100 && steps.length > 0; i++) steps.shift()!();
  };
  return { inbox, log, steps, request, drain };
}

describe('WorkerInbox', () => {
  it('runs nothing in the message itself, then one request per step, each announced as started', () => {
    const { inbox, log, steps, request, drain } = harness();
    inbox.receive(request(1));
    inbox.receive(request(2));
    expect(log).toEqual([]);
    expect(steps).toHaveLength(1);
    steps.shift()!();
    expect(log).toEqual(['started 1', 'run 1']);
    drain();
    expect(log).toEqual(['started 1', 'run 1', 'started 2', 'run 2']);
    expect(inbox.waiting).toBe(0);
  });

  it('skips a request cancelled before it started, and says so; a cancel for one already run changes nothing', () => {
    const { inbox, log, steps, request, drain } = harness();
    for (const id of [1, 2, 3]) inbox.receive(request(id, true));
    steps.shift()!();
    // While 1 ran, 2 was replaced by a newer edit of its column (4): the pool cancelled it.
    inbox.receive({ type: 'cancel', id: 2 });
    inbox.receive({ type: 'cancel', id: 1 });
    inbox.receive(request(4, true));
    drain();
    expect(log).toEqual(['started 1', 'run 1', 'cancelled 2', 'started 3', 'run 3', 'started 4', 'run 4']);
  });

  it("runs an edit's re-mesh before the loads that came before it", () => {
    const { inbox, log, request, drain } = harness();
    inbox.receive(request(1));
    inbox.receive(request(2));
    inbox.receive(request(3, true));
    drain();
    expect(log.filter((l) => l.startsWith('run'))).toEqual(['run 3', 'run 1', 'run 2']);
  });

  it('lets a load through after urgentInARow urgent requests, so a stream of edits never stops loading', () => {
    const { inbox, log, request, drain } = harness(2);
    inbox.receive(request(1));
    for (const id of [10, 11, 12, 13, 14]) inbox.receive(request(id, true));
    inbox.receive(request(2));
    drain();
    expect(log.filter((l) => l.startsWith('run'))).toEqual(['run 10', 'run 11', 'run 1', 'run 12', 'run 13', 'run 2', 'run 14']);
  });
});
