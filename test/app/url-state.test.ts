import { describe, expect, it } from 'vitest';
import { formatUrlState, parseUrlState } from '../../src/app/url-state';
import { DEFAULT_WORLD_PARAMS } from '../../src/world';

describe('URL state: compare mode', () => {
  it('round-trips compare=1 and the divider position', () => {
    const url = formatUrlState({ ...DEFAULT_WORLD_PARAMS }, { x: 1, y: 2, z: 3 }, { compare: true, split: 0.375 });
    expect(url).toContain('compare=1');
    expect(url).toContain('split=0.375');
    expect(parseUrlState(url)).toMatchObject({ view: { compare: true, split: 0.375 }, warnings: [] });
  });

  it('leaves compare out of the URL when it is off', () => {
    const url = formatUrlState({ ...DEFAULT_WORLD_PARAMS }, { x: 1, y: 2, z: 3 }, { compare: false, split: 0.3 });
    expect(url).not.toMatch(/compare|split/);
    expect(parseUrlState(url).view).toEqual({ compare: false, split: 0.5 });
  });

  it('clamps a divider off-screen and ignores nonsense, saying so each time', () => {
    expect(parseUrlState('?compare=1&split=-3')).toMatchObject({ view: { compare: true, split: 0.02 } });
    expect(parseUrlState('?compare=1&split=-3').warnings[0]).toMatch(/split=-3 is outside 0.02..0.98; using 0.02/);
    const nonsense = parseUrlState('?compare=maybe&split=half');
    expect(nonsense.view).toEqual({ compare: false, split: 0.5 });
    expect(nonsense.warnings).toHaveLength(2);
    expect(parseUrlState('?compare=true').view.compare).toBe(true);
    expect(parseUrlState('?compare=0').warnings).toEqual([]);
  });
});
