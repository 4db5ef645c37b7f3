/** The bench worker's owner, with a hand-driven fake worker: one run at a time, stale replies ignored, dispose twice. */
import { describe, expect, it } from 'vitest';
import { BenchClient } from '../../src/lab/bench-client';
import type { BenchReply, BenchRequest } from '../../src/lab/bench-protocol';
import type { BenchReport } from '../../src/bench/report';

class FakeWorker {
  onmessage: ((event: MessageEvent<BenchReply>) => void) | null = null;
  onerror: ((event: ErrorEvent) => void) | null = null;
  readonly posted: BenchRequest[] = [];
  terminated = 0;
  postMessage(message: BenchRequest): void {
    this.posted.push(message);
  }
  terminate(): void {
    this.terminated++;
  }
  reply(data: BenchReply): void {
    this.onmessage?.({ data } as MessageEvent<BenchReply>);
  }
}

function harness() {
  const worker = new FakeWorker();
  const log: string[] = [];
  const client = new BenchClient(() => worker as unknown as Worker, {
    progress: (round, rounds) => log.push(`progress ${round}/${rounds}`),
    done: (report) => log.push(`done ${report.rounds}`),
    failed: (message) => log.push(`failed ${message}`),
  });
  return { worker, log, client };
}

const report = (rounds: number): BenchReport => ({ rounds, workloads: [], comparisons: [] });

describe('BenchClient', () => {
  it('runs one measurement at a time and reports progress and the result', () => {
    const { worker, log, client } = harness();
    expect(client.run()).toBe(true);
    expect(client.run()).toBe(false);
    expect(worker.posted).toHaveLength(1);
    expect(client.running).toBe(true);
    const id = worker.posted[0]!.id;
    worker.reply({ type: 'progress', id, round: 3, rounds: 30 });
    worker.reply({ type: 'done', id, report: report(30) });
    expect(log).toEqual(['progress 0/30', 'progress 3/30', 'done 30']);
    expect(client.running).toBe(false);
    expect(client.run()).toBe(true);
    expect(worker.posted[1]!.id).not.toBe(id);
  });

  it('ignores replies of an earlier run; reports a failed run and a crash', () => {
    const { worker, log, client } = harness();
    client.run();
    const first = worker.posted[0]!.id;
    worker.reply({ type: 'error', id: first, message: 'sink lost' });
    client.run();
    worker.reply({ type: 'done', id: first, report: report(1) });
    expect(log).toEqual(['progress 0/30', 'failed sink lost', 'progress 0/30']);
    expect(client.running).toBe(true);
    worker.onerror?.({ message: 'boom', preventDefault: () => undefined } as ErrorEvent);
    expect(log.at(-1)).toBe('failed boom');
    expect(client.running).toBe(false);
  });

  it('dispose terminates the worker once, even when called twice, and nothing runs after it', () => {
    const { worker, log, client } = harness();
    client.run();
    const id = worker.posted[0]!.id;
    client.dispose();
    client.dispose();
    expect(worker.terminated).toBe(1);
    worker.reply({ type: 'done', id, report: report(30) });
    expect(client.run()).toBe(false);
    expect(log).toEqual(['progress 0/30']);
  });
});
