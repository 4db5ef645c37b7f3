import { describe, expect, it } from 'vitest';
import { chooseAmbience, roofed } from '../../src/audio/ambience-choice';
import { FootstepCadence } from '../../src/audio/footstep-cadence';
import { WaterEntry } from '../../src/audio/water-entry';
import { BLOCK_SKY_FILTER, createBlockSampler, DEFAULT_WORLD_PARAMS, terrainFor, WORLD_HEIGHT } from '../../src/world';
import { DEFAULT_SOUND_SETTINGS, masterGainOf, readSoundSettings, SOUND_SETTINGS_STORAGE_KEY, writeSoundSettings } from '../../src/audio/sound-settings';

/** Steps counted over `frames` frames each moving `perFrame` blocks. */
function stepsOver(cadence: FootstepCadence, frames: number, perFrame: number, walking = true): number {
  let steps = 0;
  for (let i = 0; i < frames; i++) if (cadence.advance(perFrame, walking)) steps++;
  return steps;
}

describe('footstep cadence', () => {
  it('steps by distance walked, whatever the frame rate', () => {
    // 15.2 blocks walked at 60 and at 20 frames per second: the same steps, one per 1.6 blocks.
    const fast = stepsOver(new FootstepCadence(), 960, 15.2 / 960);
    const slow = stepsOver(new FootstepCadence(), 320, 15.2 / 320);
    expect(fast).toBe(9);
    expect(slow).toBe(9);
  });

  it('is silent standing still, flying, falling or swimming', () => {
    const cadence = new FootstepCadence();
    expect(stepsOver(cadence, 1000, 0)).toBe(0);
    expect(stepsOver(cadence, 1000, 0.1, false)).toBe(0);
  });

  it('steps at most once a frame (a long frame is not a run of steps), and a teleport is no step', () => {
    const cadence = new FootstepCadence();
    expect(cadence.advance(1.9, true)).toBe(true);
    expect(cadence.advance(0.01, true)).toBe(false);
    expect(new FootstepCadence().advance(100, true)).toBe(false);
  });

  it('waits half a stride after landing', () => {
    const cadence = new FootstepCadence({ stride: 2 });
    cadence.advance(0, false);
    expect(cadence.advance(0.9, true)).toBe(false);
    expect(cadence.advance(0.2, true)).toBe(true);
  });
});

describe('ambience choice', () => {
  /** A world of stone up to `ground` (everywhere), with air above. */
  const ground = (height: number) => (_x: number, y: number) => y <= height;

  it('finds a roof only in the span asked', () => {
    expect(roofed(ground(64), 0, 0, 60, 100)).toBe(true);
    expect(roofed(ground(64), 0, 0, 65, 100)).toBe(false);
  });

  it('wind on the surface and just under it, cave well below', () => {
    expect(chooseAmbience(ground(64), 0.5, 66.6, 0.5, 256)).toBe('wind');
    expect(chooseAmbience(ground(64), 0.5, 62.5, 0.5, 256)).toBe('wind');
    expect(chooseAmbience(ground(64), 0.5, 40, 0.5, 256)).toBe('cave');
  });

  it('a cave under a high mountain is a cave; the sky above the world is none', () => {
    expect(chooseAmbience(ground(250), 0.5, 30, 0.5, 256)).toBe('cave');
    expect(chooseAmbience(ground(64), 0.5, 254, 0.5, 256)).toBe('wind');
  });

  it('in a generated world: wind standing on the ground (forests included), cave well under it', () => {
    const params = { ...DEFAULT_WORLD_PARAMS, seed: 'voxel' };
    const terrain = terrainFor(params);
    const sampler = createBlockSampler(terrain);
    const blocksSky = (x: number, y: number, z: number) => BLOCK_SKY_FILTER[sampler(x, y, z)]! >= 15;
    let checked = 0;
    for (let x = 0; x < 8000 && checked < 20; x += 97) {
      const h = terrain.heightAt(x, 40);
      if (h <= params.seaLevel + 2) continue;
      checked++;
      expect(chooseAmbience(blocksSky, x + 0.5, h + 1 + 1.62, 40.5, WORLD_HEIGHT), `x ${x}`).toBe('wind');
      expect(chooseAmbience(blocksSky, x + 0.5, h - 20, 40.5, WORLD_HEIGHT), `x ${x}`).toBe('cave');
    }
    expect(checked).toBe(20);
  });

  it('one roof (a tree, a bridge) is no cave', () => {
    const roofOverPlayer = (x: number, y: number, z: number) => y <= 64 || (x === 0 && z === 0 && y === 80);
    expect(chooseAmbience(roofOverPlayer, 0.5, 66.6, 0.5, 256)).toBe('wind');
  });
});

describe('sound settings', () => {
  const store = (text: string | null) => ({ getItem: () => text, setItem: () => undefined });

  it('reads the defaults when nothing is stored, or no storage', () => {
    expect(readSoundSettings(store(null))).toEqual({ settings: DEFAULT_SOUND_SETTINGS, warnings: [] });
    expect(readSoundSettings(null).settings).toEqual(DEFAULT_SOUND_SETTINGS);
  });

  it('keeps what it stored', () => {
    const kept = new Map<string, string>();
    const storage = { getItem: (k: string) => kept.get(k) ?? null, setItem: (k: string, v: string) => void kept.set(k, v) };
    expect(writeSoundSettings(storage, { volume: 35, muted: true })).toBe(true);
    expect(kept.has(SOUND_SETTINGS_STORAGE_KEY)).toBe(true);
    expect(readSoundSettings(storage)).toEqual({ settings: { volume: 35, muted: true }, warnings: [] });
  });

  it('reads bad values as the defaults, each with a warning, keeping the good ones', () => {
    const r = readSoundSettings(store(JSON.stringify({ volume: 250, muted: true })));
    expect(r.settings).toEqual({ volume: DEFAULT_SOUND_SETTINGS.volume, muted: true });
    expect(r.warnings).toHaveLength(1);
    const both = readSoundSettings(store(JSON.stringify({ volume: 'loud', muted: 'yes' })));
    expect(both.settings).toEqual(DEFAULT_SOUND_SETTINGS);
    expect(both.warnings).toHaveLength(2);
    expect(readSoundSettings(store('{not json')).warnings).toHaveLength(1);
    expect(readSoundSettings({ getItem: () => { throw new Error('denied'); }, setItem: () => undefined }).settings).toEqual(DEFAULT_SOUND_SETTINGS);
  });

  it('mute silences the master gain; volume 100 is full', () => {
    expect(masterGainOf({ volume: 100, muted: false })).toBe(1);
    expect(masterGainOf({ volume: 100, muted: true })).toBe(0);
    expect(masterGainOf({ volume: 0, muted: false })).toBe(0);
  });
});

describe('water entry', () => {
  it('splashes as the body falls in after a while out, once', () => {
    const entry = new WaterEntry(0.6);
    for (let i = 0; i < 60; i++) expect(entry.update(1 / 60, false)).toBe(false);
    expect(entry.update(1 / 60, true)).toBe(true);
    expect(entry.update(1 / 60, true)).toBe(false);
  });

  it('bobbing at the surface, in and out every few frames, is no run of splashes; nor is starting in a lake', () => {
    const entry = new WaterEntry(0.6);
    let splashes = 0;
    for (let i = 0; i < 600; i++) if (entry.update(1 / 60, i % 10 < 5)) splashes++;
    expect(splashes).toBe(0);
  });
});
