/** The lab's URL: the game's world names plus x, z, cell and zoom; bad values warned about and kept out. */
import { describe, expect, it } from 'vitest';
import { DEFAULT_LAB_VIEW, defaultLabState } from '../../src/lab/lab-state';
import { flyHref, readLabQuery, writeLabQuery } from '../../src/lab/lab-query';
import { DEFAULT_WORLD_PARAMS, readQueryPosition, readWorldQuery } from '../../src/world';

function allFinite(state: ReturnType<typeof readLabQuery>['state']): boolean {
  const numbers = [state.view.x, state.view.z, state.view.cell, state.view.zoom, state.params.octaves, state.params.persistence, state.params.lacunarity, state.params.scale, state.params.amplitude, state.params.seaLevel];
  return numbers.every(Number.isFinite);
}

describe('readLabQuery', () => {
  it('an empty query is the default world at the origin, with no warnings', () => {
    expect(readLabQuery('')).toEqual({ state: defaultLabState(), warnings: [] });
  });

  it('reads every world parameter by the game’s names, and the lab’s own settings', () => {
    const { state, warnings } = readLabQuery('?seed=hello&noise=simplex&style=ridged&oct=4&pers=0.6&lac=2.5&scale=300&amp=90&sea=70&x=-12.5&z=99&cell=16&zoom=4');
    expect(warnings).toEqual([]);
    expect(state).toEqual({
      // No type: a link from before world types, so a classic world.
      params: { type: 'classic', seed: 'hello', noise: 'simplex', style: 'ridged', octaves: 4, persistence: 0.6, lacunarity: 2.5, scale: 300, amplitude: 90, seaLevel: 70, biomeScale: 1 },
      view: { x: -12.5, z: 99, cell: 16, zoom: 4, measure: 'auto' },
    });
  });

  it('clamps or ignores nonsense, with a warning for each, and never lets NaN in', () => {
    const { state, warnings } = readLabQuery('?seed=ok&oct=99&pers=abc&lac=-3&scale=NaN&amp=1e9&x=1e12&z=Infinity&cell=500&zoom=3&noise=perlin2');
    expect(allFinite(state)).toBe(true);
    expect(state.params.octaves).toBe(16);
    expect(state.params.persistence).toBe(DEFAULT_WORLD_PARAMS.persistence);
    expect(state.params.lacunarity).toBe(1);
    expect(state.params.scale).toBe(DEFAULT_WORLD_PARAMS.scale);
    expect(state.params.amplitude).toBe(127);
    expect(state.params.noise).toBe('perlin');
    expect(state.view.x).toBe(DEFAULT_LAB_VIEW.x);
    expect(state.view.z).toBe(DEFAULT_LAB_VIEW.z);
    expect(state.view.cell).toBe(128);
    expect(state.view.zoom).toBe(2); // 3 is as near 2 as 4: the smaller wins
    // One warning per bad value, each naming it.
    const expected = ['octaves 99', 'pers="abc"', 'lacunarity -3', 'scale="NaN"', 'amplitude 1000000000', 'x="1e12"', 'z="Infinity"', 'cell=500', 'zoom=3', 'noise must be one of'];
    expect(warnings).toHaveLength(expected.length);
    for (const part of expected) expect(warnings.filter((w) => w.text.includes(part)), part).toHaveLength(1);
  });

  it('names the control each warning is about, so the page can take it away once the control is set right', () => {
    const { warnings } = readLabQuery('?type=round&seed=ok&oct=99&pers=abc&scale=NaN&biome=9&x=1e12&cell=500&zoom=3&noise=perlin2&measure=often');
    const about = Object.fromEntries(warnings.map((w) => [w.text, w.control]));
    const controlOf = (part: string) => Object.entries(about).find(([text]) => text.includes(part))?.[1];
    expect(controlOf('type must be one of')).toBe('type');
    expect(controlOf('octaves 99')).toBe('octaves');
    expect(controlOf('pers="abc"')).toBe('persistence');
    expect(controlOf('scale="NaN"')).toBe('scale');
    expect(controlOf('biomeScale 9')).toBe('biomeScale');
    expect(controlOf('x="1e12"')).toBe('x');
    expect(controlOf('cell=500')).toBe('cell');
    expect(controlOf('zoom=3')).toBe('zoom');
    expect(controlOf('noise must be one of')).toBe('noise');
    // The lab's measure setting has no control on the page.
    expect(controlOf('measure="often"')).toBeUndefined();
    expect(warnings).toHaveLength(10);
  });

  it('reads the world type and biome size, and a lab link with a type keeps it', () => {
    const { state, warnings } = readLabQuery('?type=biomes&seed=hills&biome=2.5&x=10&z=20');
    expect(warnings).toEqual([]);
    expect(state.params).toMatchObject({ type: 'biomes', seed: 'hills', biomeScale: 2.5 });
    expect(readLabQuery('?type=flat&seed=hills').state.params.type).toBe('flat');
    expect(readLabQuery(writeLabQuery(state)).state).toEqual(state);
  });

  it('measure is auto or manual; anything else keeps auto, with a warning', () => {
    expect(readLabQuery('?measure=manual')).toEqual({ state: { ...defaultLabState(), view: { ...DEFAULT_LAB_VIEW, measure: 'manual' } }, warnings: [] });
    const bad = readLabQuery('?measure=sometimes');
    expect(bad.state.view.measure).toBe('auto');
    expect(bad.warnings).toEqual([{ text: 'URL parameter measure="sometimes" is not one of auto, manual; kept auto', control: undefined }]);
  });

  it('rounds cell sizes and snaps zooms, saying so; text that is no number keeps the default', () => {
    expect(readLabQuery('?cell=12.6').state.view.cell).toBe(13);
    expect(readLabQuery('?cell=12.6').warnings).toHaveLength(1);
    expect(readLabQuery('?zoom=7').state.view.zoom).toBe(8);
    expect(readLabQuery('?zoom=0').state.view.zoom).toBe(1);
    expect(readLabQuery('?cell=big&zoom=').state.view).toEqual(DEFAULT_LAB_VIEW);
    expect(readLabQuery('?cell=big&zoom=').warnings).toHaveLength(2);
  });
});

describe('writeLabQuery and flyHref', () => {
  it('round-trips any state through the URL', () => {
    const state = readLabQuery('?seed=round trip&noise=simplex&style=warped&oct=9&pers=0.42&lac=1.9&scale=512&amp=60&sea=40&x=-1234&z=5678.5&cell=64&zoom=8&measure=manual').state;
    const written = writeLabQuery(state);
    expect(readLabQuery(written)).toEqual({ state, warnings: [] });
    // Lab settings at their defaults are left out, like the game leaves out default shapes.
    expect(writeLabQuery(defaultLabState())).toBe('?type=biomes&seed=voxel&noise=perlin&x=0&z=0');
  });

  it('"Fly this" opens the game (./) in the same world above the preview centre', () => {
    const state = readLabQuery('?seed=fly me&noise=simplex&oct=5&pers=0.7&scale=200&sea=50&x=321&z=-654&cell=20&zoom=4&measure=manual').state;
    const href = flyHref(state);
    expect(href.startsWith('./?')).toBe(true);
    const query = new URLSearchParams(href.slice(2));
    const warnings: string[] = [];
    expect(readWorldQuery(query)).toEqual({ params: state.params, warnings: [] });
    expect(readQueryPosition(query, ['x', 'y', 'z'] as const, warnings)).toEqual({ x: 321, z: -654 });
    expect(query.has('cell') || query.has('zoom') || query.has('measure')).toBe(false);
    // One link per terrain side: the same world on the other noise.
    expect(readWorldQuery(new URLSearchParams(flyHref(state, 'perlin').slice(2))).params).toEqual({ ...state.params, noise: 'perlin' });
  });
});
