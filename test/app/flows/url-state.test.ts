import { describe, expect, it } from 'vitest';
import { formatUrlState, parseUrlState } from '../../../src/app/flows/url-state';
import { DEFAULT_WORLD_PARAMS } from '../../../src/world';

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

describe('URL state: look direction and mode', () => {
  it('round-trips yaw, pitch (degrees in the URL, radians in the game) and walk mode', () => {
    const url = formatUrlState({ ...DEFAULT_WORLD_PARAMS }, { x: 10.5, y: 66.62, z: -3.25, yaw: -Math.PI / 4, pitch: -0.35 }, undefined, 'walk');
    expect(url).toContain('yaw=-45.0');
    expect(url).toContain('pitch=-20.1');
    expect(url).toContain('mode=walk');
    expect(url).toContain('y=66.62');
    const state = parseUrlState(url);
    expect(state.warnings).toEqual([]);
    expect(state.mode).toBe('walk');
    expect(state.look.yaw).toBeCloseTo(-Math.PI / 4, 3);
    expect(state.look.pitch).toBeCloseTo(-0.35, 2);
    expect(state.position).toEqual({ x: 10.5, y: 66.62, z: -3.25 });
  });

  it('folds a yaw of many turns into (-180, 180] and leaves fly mode out of the URL', () => {
    const url = formatUrlState({ ...DEFAULT_WORLD_PARAMS }, { x: 0, y: 0, z: 0, yaw: 4 * Math.PI + 0.1, pitch: 0 });
    expect(url).toContain('yaw=5.7');
    expect(url).not.toContain('mode=');
    expect(parseUrlState(url).mode).toBeUndefined();
  });

  it('warns about nonsense and never turns it into an angle or a mode', () => {
    const state = parseUrlState('?yaw=north&pitch=NaN&mode=swim');
    expect(state.look).toEqual({});
    expect(state.mode).toBeUndefined();
    expect(state.warnings).toHaveLength(3);
    const steep = parseUrlState('?pitch=120');
    expect(steep.look.pitch).toBeLessThan(Math.PI / 2);
    expect(steep.warnings[0]).toMatch(/pitch=120 is outside -90..90/);
  });
});

describe('URL state: far distance', () => {
  const pose = { x: 1, y: 2, z: 3 };
  it('round-trips far= and leaves it out when the game passes none', () => {
    const link = formatUrlState(DEFAULT_WORLD_PARAMS, pose, undefined, 'fly', 128);
    expect(link).toContain('far=128');
    expect(parseUrlState(link).farDistance).toBe(128);
    expect(formatUrlState(DEFAULT_WORLD_PARAMS, pose)).not.toContain('far=');
    expect(parseUrlState(formatUrlState(DEFAULT_WORLD_PARAMS, pose)).farDistance).toBeUndefined();
  });

  it('clamps far=999 and far=-5, ignores far=lots, and says so each time', () => {
    expect(parseUrlState('?far=999')).toMatchObject({ farDistance: 128, warnings: [expect.stringContaining('using 128')] });
    expect(parseUrlState('?far=-5')).toMatchObject({ farDistance: 0, warnings: [expect.stringContaining('using 0')] });
    expect(parseUrlState('?far=10.4')).toMatchObject({ farDistance: 10 });
    const nonsense = parseUrlState('?far=lots');
    expect(nonsense.farDistance).toBeUndefined();
    expect(nonsense.warnings).toEqual([expect.stringContaining('far="lots"')]);
  });
});

describe('URL state: render distance', () => {
  const pose = { x: 1, y: 2, z: 3 };
  it('round-trips r= and leaves it out when the game passes none', () => {
    const link = formatUrlState(DEFAULT_WORLD_PARAMS, pose, undefined, 'fly', undefined, 5);
    expect(link).toContain('r=5');
    expect(link).not.toContain('far=');
    expect(parseUrlState(link)).toMatchObject({ renderDistance: 5, warnings: [] });
    expect(formatUrlState(DEFAULT_WORLD_PARAMS, pose, undefined, 'fly', 0)).not.toMatch(/[?&]r=/);
    expect(parseUrlState(formatUrlState(DEFAULT_WORLD_PARAMS, pose)).renderDistance).toBeUndefined();
    const both = parseUrlState(formatUrlState(DEFAULT_WORLD_PARAMS, pose, undefined, 'fly', 0, 4));
    expect(both).toMatchObject({ renderDistance: 4, farDistance: 0 });
  });

  it('clamps r=99, r=0 and r=4.6 as the panel does, ignores r=far and r= (empty), and says so each time', () => {
    expect(parseUrlState('?r=99')).toMatchObject({ renderDistance: 32, warnings: [expect.stringMatching(/r=99 must be whole columns in 2\.\.32; using 32/)] });
    expect(parseUrlState('?r=0')).toMatchObject({ renderDistance: 2, warnings: [expect.stringContaining('using 2')] });
    expect(parseUrlState('?r=-7')).toMatchObject({ renderDistance: 2, warnings: [expect.stringContaining('using 2')] });
    expect(parseUrlState('?r=4.6')).toMatchObject({ renderDistance: 5, warnings: [expect.stringContaining('using 5')] });
    expect(parseUrlState('?r=12')).toMatchObject({ renderDistance: 12, warnings: [] });
    for (const bad of ['far', '', 'NaN', 'Infinity']) {
      const state = parseUrlState(`?r=${bad}`);
      expect(state.renderDistance, bad).toBeUndefined();
      expect(state.warnings, bad).toEqual([expect.stringContaining(`r="${bad}" is not a number of columns`)]);
    }
  });

  it('reads r= and far= independently: a bad one does not hide the other', () => {
    const state = parseUrlState('?r=lots&far=16');
    expect(state).toMatchObject({ renderDistance: undefined, farDistance: 16 });
    expect(state.warnings).toHaveLength(1);
  });
});

describe('URL state: time of day', () => {
  const pose = { x: 0, y: 80, z: 0 };

  it('reads time= in hours, 0..24', () => {
    expect(parseUrlState('?time=18.5')).toMatchObject({ time: 18.5, warnings: [] });
    expect(parseUrlState('?time=0')).toMatchObject({ time: 0, warnings: [] });
    expect(parseUrlState('?time=24')).toMatchObject({ time: 24, warnings: [] });
    expect(parseUrlState('?seed=voxel').time).toBeUndefined();
  });

  it('ignores a time that is no hour of the day, saying so, and leaves the rest of the link alone', () => {
    for (const bad of ['dusk', '', 'NaN', 'Infinity', '-1', '24.5', '1e9']) {
      const state = parseUrlState(`?time=${bad}&r=6`);
      expect(state.time, bad).toBeUndefined();
      expect(state.renderDistance, bad).toBe(6);
      expect(state.warnings, bad).toEqual([`URL parameter time="${bad}" is not an hour of the day in 0..24 (12 is noon); ignored`]);
    }
  });

  it('writes the time to a tenth of an hour, wrapped into the day, and round-trips it', () => {
    const link = formatUrlState(DEFAULT_WORLD_PARAMS, pose, undefined, 'fly', undefined, undefined, 18.5);
    expect(link).toContain('time=18.5');
    expect(parseUrlState(link)).toMatchObject({ time: 18.5, warnings: [] });
    expect(formatUrlState(DEFAULT_WORLD_PARAMS, pose, undefined, 'fly', undefined, undefined, 10.04)).toMatch(/time=10$/);
    expect(formatUrlState(DEFAULT_WORLD_PARAMS, pose, undefined, 'fly', undefined, undefined, 23.97)).toMatch(/time=0$/);
    expect(formatUrlState(DEFAULT_WORLD_PARAMS, pose, undefined, 'fly', undefined, undefined, Number.NaN)).not.toContain('time=');
    expect(formatUrlState(DEFAULT_WORLD_PARAMS, pose)).not.toContain('time=');
  });

  it('a stopped clock: clock=stopped is read and written, running or none lets it run, and anything else is refused with a warning', () => {
    const stopped = formatUrlState(DEFAULT_WORLD_PARAMS, pose, undefined, 'fly', undefined, undefined, 18.5, true);
    expect(stopped).toMatch(/time=18\.5&clock=stopped$/);
    expect(parseUrlState(stopped)).toMatchObject({ time: 18.5, clockStopped: true, warnings: [] });
    expect(formatUrlState(DEFAULT_WORLD_PARAMS, pose, undefined, 'fly', undefined, undefined, 18.5)).not.toContain('clock=');
    expect(parseUrlState('?clock=running')).toMatchObject({ clockStopped: false, warnings: [] });
    expect(parseUrlState('?r=6')).toMatchObject({ clockStopped: false, warnings: [] });
    for (const bad of ['', 'paused', 'STOPPED', '1']) {
      const state = parseUrlState(`?clock=${bad}&time=6`);
      expect(state.clockStopped, bad).toBe(false);
      expect(state.time, bad).toBe(6);
      expect(state.warnings, bad).toEqual([`URL parameter clock="${bad}" must be stopped or running; the clock runs`]);
    }
  });
});
