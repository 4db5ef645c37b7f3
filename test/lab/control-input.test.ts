/** What typing into, dragging or choosing a lab control does to the state. */
import { describe, expect, it } from 'vitest';
import { applyControlInput, controlValue } from '../../src/lab/control-input';
import { defaultLabState } from '../../src/lab/lab-state';
import { WORLD_PARAM_RANGES } from '../../src/world';

const start = defaultLabState();

describe('applyControlInput', () => {
  it('an in-range number applies at once, live or committed', () => {
    for (const moment of ['live', 'commit'] as const) {
      const r = applyControlInput(start, 'persistence', '0.62', moment);
      expect(r).toMatchObject({ changed: true, shown: '0.62', warnings: [] });
      expect(r.state.params.persistence).toBe(0.62);
      expect(start.params.persistence).toBe(0.5); // the old state is not touched
    }
    expect(applyControlInput(start, 'x', '-250.5', 'live').state.view.x).toBe(-250.5);
    expect(applyControlInput(start, 'cell', '48', 'live').state.view.cell).toBe(48);
  });

  it('while typing, a half-typed or out-of-range value waits silently', () => {
    for (const text of ['', '-', '3', '0.', '1e']) {
      const r = applyControlInput(start, 'scale', text, 'live');
      // "3" is below scale's minimum 8, but it may be on its way to 300.
      expect(r.changed, text).toBe(false);
      expect(r.warnings).toEqual([]);
      expect(r.state).toBe(start);
    }
  });

  it('on commit, out-of-range values are clamped with a warning and the field shows the kept value', () => {
    const high = applyControlInput(start, 'persistence', '5', 'commit');
    expect(high.state.params.persistence).toBe(WORLD_PARAM_RANGES.persistence.max);
    expect(high.shown).toBe('1');
    expect(high.warnings).toEqual(['persistence 5 is above the maximum 1; using 1']);
    const low = applyControlInput(start, 'octaves', '-4', 'commit');
    expect(low.state.params.octaves).toBe(1);
    expect(low.warnings[0]).toMatch(/below the minimum 1/);
    const whole = applyControlInput(start, 'seaLevel', '70.4', 'commit');
    expect(whole.state.params.seaLevel).toBe(70);
    expect(whole.warnings[0]).toMatch(/not a whole number; using 70/);
    const cell = applyControlInput(start, 'cell', '1000', 'commit');
    expect(cell.state.view.cell).toBe(128);
    const far = applyControlInput(start, 'z', '-1e12', 'commit');
    expect(far.state.view.z).toBe(-1e8);
  });

  it('on commit, text that is no number changes nothing and says so', () => {
    for (const text of ['', 'abc', 'NaN', 'Infinity', '(unreadable)']) {
      const r = applyControlInput(start, 'amplitude', text, 'commit');
      expect(r.changed).toBe(false);
      expect(r.state).toBe(start);
      expect(r.shown).toBe('104');
      expect(r.warnings).toHaveLength(1);
      expect(r.warnings[0]).toMatch(/amplitude: ".*" is not a number; kept 104/);
    }
  });

  it('a clamped value equal to the current one changes nothing but still warns', () => {
    const atMax = applyControlInput(start, 'lacunarity', '4', 'commit').state;
    const again = applyControlInput(atMax, 'lacunarity', '9', 'commit');
    expect(again.changed).toBe(false);
    expect(again.warnings).toHaveLength(1);
  });

  it('zoom snaps to 1, 2, 4 or 8; seed takes any text; noise and style only their names', () => {
    expect(applyControlInput(start, 'zoom', '4', 'commit').state.view.zoom).toBe(4);
    expect(applyControlInput(start, 'zoom', '5', 'commit')).toMatchObject({ shown: '4', warnings: ['zoom 5 is not one of 1, 2, 4, 8; using 4'] });
    expect(applyControlInput(start, 'seed', '  any text ', 'live').state.params.seed).toBe('  any text ');
    expect(applyControlInput(start, 'noise', 'simplex', 'commit').state.params.noise).toBe('simplex');
    const bad = applyControlInput(start, 'style', 'cubist', 'commit');
    expect(bad.changed).toBe(false);
    expect(bad.warnings[0]).toMatch(/style "cubist" is not one of fbm, ridged, warped/);
    expect(controlValue(start, 'style')).toBe('fbm');
  });

  it('the world type takes one of the game’s types, and the biome size its range', () => {
    for (const type of ['classic', 'flat', 'biomes'] as const) {
      const r = applyControlInput(start, 'type', type, 'commit');
      expect(r.state.params.type).toBe(type);
      expect(r).toMatchObject({ warnings: [], accepted: true, shown: type });
    }
    const bad = applyControlInput(start, 'type', 'amplified', 'commit');
    expect(bad).toMatchObject({ changed: false, accepted: false, shown: start.params.type });
    expect(bad.warnings[0]).toMatch(/world type "amplified" is not one of classic, biomes, flat; kept biomes/);
    expect(applyControlInput(start, 'biomeScale', '2.5', 'live').state.params.biomeScale).toBe(2.5);
    expect(applyControlInput(start, 'biomeScale', '9', 'commit')).toMatchObject({ shown: '4', accepted: false, warnings: ['biome size 9 is above the maximum 4; using 4'] });
  });

  it('says whether the text was a good value as it stands: only then is an old warning answered', () => {
    // Clamped or refused: not accepted, though a value is kept.
    expect(applyControlInput(start, 'scale', '99999', 'commit').accepted).toBe(false);
    expect(applyControlInput(start, 'scale', 'abc', 'commit').accepted).toBe(false);
    // Half-typed or out of range while typing: not yet.
    expect(applyControlInput(start, 'scale', '3', 'live').accepted).toBe(false);
    expect(applyControlInput(start, 'scale', '', 'live').accepted).toBe(false);
    // A good value, typed or committed, changed or the same as before.
    const clamped = applyControlInput(start, 'scale', '99999', 'commit').state;
    expect(applyControlInput(clamped, 'scale', '300', 'live')).toMatchObject({ accepted: true, changed: true });
    expect(applyControlInput(clamped, 'scale', '4096', 'commit')).toMatchObject({ accepted: true, changed: false });
    expect(applyControlInput(start, 'seed', 'anything', 'live').accepted).toBe(true);
  });

  it('the same value again is no change', () => {
    expect(applyControlInput(start, 'scale', '256', 'commit')).toMatchObject({ changed: false, warnings: [] });
    expect(applyControlInput(start, 'seed', 'voxel', 'live').changed).toBe(false);
  });
});
