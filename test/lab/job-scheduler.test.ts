/** The draw workers' scheduling: one job per panel in flight, coalescing, stale replies dropped. */
import { describe, expect, it } from 'vitest';
import { JobScheduler, type JobTicket } from '../../src/lab/job-scheduler';
import type { LabJob, LabJobMessage, LabResult, PanelName } from '../../src/lab/protocol';

/** A scheduler with a hand-driven worker: posted messages pile up until the test replies. */
function harness() {
  const posted: LabJobMessage[] = [];
  const delivered: { panel: PanelName; key: string; id: number }[] = [];
  const failed: string[] = [];
  const scheduler = new JobScheduler({
    post: (m) => posted.push(m),
    deliver: (_result: LabResult, ticket: JobTicket) => delivered.push({ panel: ticket.panel, key: ticket.key, id: ticket.id }),
    fail: (message) => failed.push(message),
  });
  const job = (seed: number): LabJob => ({ kind: 'curves', seed });
  const reply = (m: LabJobMessage) => scheduler.receive({ type: 'done', id: m.id, panel: m.panel, result: { kind: 'curves', curves: [] }, workerMs: 1 });
  return { scheduler, posted, delivered, failed, job, reply };
}

describe('JobScheduler', () => {
  it('sends one job per panel, independent across panels', () => {
    const h = harness();
    h.scheduler.request('curves', 'a', h.job(1), 0);
    h.scheduler.request('plain', 'p', h.job(2), 0);
    expect(h.posted.map((m) => m.panel)).toEqual(['curves', 'plain']);
    expect(h.scheduler.inFlightCount()).toBe(2);
    expect(h.scheduler.isSettled('curves')).toBe(false);
  });

  it('coalesces: requests made while a job runs keep only the newest, sent when the job returns', () => {
    const h = harness();
    h.scheduler.request('curves', 'a', h.job(1), 0);
    h.scheduler.request('curves', 'b', h.job(2), 1);
    h.scheduler.request('curves', 'c', h.job(3), 2);
    h.scheduler.request('curves', 'd', h.job(4), 3);
    expect(h.posted).toHaveLength(1);
    h.reply(h.posted[0]!);
    // a is newer than what is on screen (nothing): drawn; then only d is sent.
    expect(h.delivered.map((d) => d.key)).toEqual(['a']);
    expect(h.posted).toHaveLength(2);
    expect(h.posted[1]!.job).toEqual(h.job(4));
    h.reply(h.posted[1]!);
    expect(h.delivered.map((d) => d.key)).toEqual(['a', 'd']);
    expect(h.scheduler.isSettled('curves')).toBe(true);
    expect(h.scheduler.posted).toBe(2);
  });

  it('sends nothing for the state already shown or already being computed', () => {
    const h = harness();
    h.scheduler.request('curves', 'a', h.job(1), 0);
    h.scheduler.request('curves', 'a', h.job(1), 0);
    h.reply(h.posted[0]!);
    h.scheduler.request('curves', 'a', h.job(1), 0);
    expect(h.posted).toHaveLength(1);
    // Away and back while a job runs: the pending request is forgotten.
    h.scheduler.request('curves', 'b', h.job(2), 0);
    h.scheduler.request('curves', 'c', h.job(3), 0);
    h.scheduler.request('curves', 'b', h.job(2), 0);
    expect(h.posted).toHaveLength(2);
    h.reply(h.posted[1]!);
    expect(h.posted).toHaveLength(2);
    expect(h.scheduler.isSettled('curves')).toBe(true);
  });

  it('drops stale replies: unknown ids, repeats, wrong panels, and anything after dispose', () => {
    const h = harness();
    h.scheduler.request('curves', 'a', h.job(1), 0);
    const first = h.posted[0]!;
    h.scheduler.receive({ type: 'done', id: 999, panel: 'curves', result: { kind: 'curves', curves: [] }, workerMs: 1 });
    h.scheduler.receive({ type: 'done', id: first.id, panel: 'plain', result: { kind: 'curves', curves: [] }, workerMs: 1 });
    expect(h.delivered).toEqual([]);
    h.reply(first);
    h.reply(first);
    expect(h.delivered).toHaveLength(1);
    expect(h.scheduler.staleDropped).toBe(3);
    h.scheduler.request('curves', 'b', h.job(2), 0);
    h.scheduler.dispose();
    h.scheduler.dispose();
    h.reply(h.posted[1]!);
    h.scheduler.request('curves', 'c', h.job(3), 0);
    expect(h.delivered).toHaveLength(1);
    expect(h.posted).toHaveLength(2);
    expect(h.scheduler.staleDropped).toBe(4);
  });

  it('a failed job reports once, counts as done for its state, and lets the next one through', () => {
    const h = harness();
    h.scheduler.request('terrain-perlin', 't1', h.job(1), 0);
    h.scheduler.request('terrain-perlin', 't2', h.job(2), 0);
    h.scheduler.receive({ type: 'error', id: h.posted[0]!.id, panel: 'terrain-perlin', message: 'boom' });
    expect(h.failed).toEqual(['boom']);
    expect(h.posted).toHaveLength(2);
    h.reply(h.posted[1]!);
    expect(h.scheduler.isSettled('terrain-perlin')).toBe(true);
  });
});
