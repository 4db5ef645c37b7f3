import { describe, expect, it } from 'vitest';
import { RunGate, type PauseReason } from '../../../src/app/frame/run-gate';

describe('run gate: a hidden tab and a lost context pause the game', () => {
  function gate() {
    const log: string[] = [];
    const g = new RunGate({ paused: (r: ReadonlySet<PauseReason>) => log.push(`paused ${[...r].join('+')}`), resumed: () => log.push('resumed') });
    return { g, log };
  }

  it('pauses on the first reason and resumes when the last one ends', () => {
    const { g, log } = gate();
    g.set('hidden', true);
    g.set('context-lost', true);
    g.set('hidden', false);
    expect(g.running).toBe(false);
    g.set('context-lost', false);
    expect(g.running).toBe(true);
    expect(log).toEqual(['paused hidden', 'resumed']);
  });

  it('repeated reports change nothing', () => {
    const { g, log } = gate();
    g.set('hidden', false);
    g.set('context-lost', true);
    g.set('context-lost', true);
    g.set('context-lost', false);
    g.set('context-lost', false);
    expect(log).toEqual(['paused context-lost', 'resumed']);
  });
});
