import { describe, expect, it } from 'vitest';
import { openLabInNewTab, type TabOpener } from '../../../src/app/flows/open-lab';
import { readLabQuery } from '../../../src/lab/lab-query';
import { DEFAULT_WORLD_PARAMS } from '../../../src/world';

/** A window that records what it was asked to open. */
function fakeWindow() {
  const opened: unknown[][] = [];
  const opener: TabOpener = {
    open: (...args: unknown[]) => {
      opened.push(args);
      // With noopener a browser hands back no window.
      return null;
    },
  };
  return { opener, opened };
}

describe('openLabInNewTab', () => {
  it('opens lab.html on this world and place in a new tab, without a handle on the game', () => {
    const { opener, opened } = fakeWindow();
    const params = { ...DEFAULT_WORLD_PARAMS, type: 'classic' as const, seed: 'lab tab', noise: 'simplex' as const, octaves: 4 };
    openLabInNewTab(params, { x: -120.6, z: 33.2 }, opener);
    expect(opened).toHaveLength(1);
    const [url, target, features] = opened[0]!;
    expect(target).toBe('_blank');
    expect(features).toBe('noopener');
    // Relative to the game's page, so it works under any base path (and offline, from the cache).
    expect(String(url).startsWith('lab.html?')).toBe(true);
    const lab = readLabQuery(String(url).slice('lab.html'.length));
    expect(lab.warnings).toEqual([]);
    expect(lab.state.params).toEqual(params);
    expect([lab.state.view.x, lab.state.view.z]).toEqual([-121, 33]);
  });
});
