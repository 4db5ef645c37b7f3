/**
 * The player's sound settings, master volume and mute: kept per browser, apart from any world,
 * as one JSON record in a storage like localStorage, as the player's other settings are
 * (src/controls/player-settings.ts). Stored data is untrusted: a value that fails its check
 * reads as its default, with a warning saying which and why. Nothing here throws.
 * No Web Audio here, so Node tests it.
 */

export interface SoundSettings {
  /** Master volume, in percent (0..100). */
  volume: number;
  /** Silence without losing the volume. */
  muted: boolean;
}

export const SOUND_VOLUME_RANGE = Object.freeze({ min: 0, max: 100, step: 1 });

export const DEFAULT_SOUND_SETTINGS: Readonly<SoundSettings> = Object.freeze({ volume: 70, muted: false });

export const SOUND_SETTINGS_STORAGE_KEY = 'voxel-sandbox.sound-settings';

/** The part of the Storage interface used here, so tests hand in a plain object. */
export interface SoundSettingsStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

/** The settings stored in `storage` (defaults for what is missing or bad), and what was wrong. */
export function readSoundSettings(storage: SoundSettingsStorage | null): { settings: SoundSettings; warnings: string[] } {
  const settings = { ...DEFAULT_SOUND_SETTINGS };
  const warnings: string[] = [];
  if (!storage) return { settings, warnings };
  let text: string | null;
  try {
    text = storage.getItem(SOUND_SETTINGS_STORAGE_KEY);
  } catch {
    return { settings, warnings: ['Sound settings could not be read from this browser: using the defaults.'] };
  }
  if (text === null) return { settings, warnings };
  let record: unknown;
  try {
    record = JSON.parse(text);
  } catch {
    return { settings, warnings: ['Stored sound settings are not valid JSON: using the defaults.'] };
  }
  if (typeof record !== 'object' || record === null) return { settings, warnings: ['Stored sound settings are not a record: using the defaults.'] };
  const { volume, muted } = record as Record<string, unknown>;
  if (volume !== undefined) {
    if (typeof volume === 'number' && Number.isFinite(volume) && volume >= SOUND_VOLUME_RANGE.min && volume <= SOUND_VOLUME_RANGE.max) settings.volume = volume;
    else warnings.push(`Stored sound volume ${JSON.stringify(volume)} is not a number from 0 to 100: using ${DEFAULT_SOUND_SETTINGS.volume}.`);
  }
  if (muted !== undefined) {
    if (typeof muted === 'boolean') settings.muted = muted;
    else warnings.push(`Stored sound mute ${JSON.stringify(muted)} is not true or false: using ${String(DEFAULT_SOUND_SETTINGS.muted)}.`);
  }
  return { settings, warnings };
}

/** Stores `settings`; false when the storage refused (full, forbidden). */
export function writeSoundSettings(storage: SoundSettingsStorage | null, settings: SoundSettings): boolean {
  if (!storage) return false;
  try {
    storage.setItem(SOUND_SETTINGS_STORAGE_KEY, JSON.stringify({ volume: settings.volume, muted: settings.muted }));
    return true;
  } catch {
    return false;
  }
}

/** The gain the master bus is set to: 0 when muted, else the volume squared, so the slider feels even to the ear. */
export function masterGainOf(settings: SoundSettings): number {
  if (settings.muted) return 0;
  const v = Math.min(1, Math.max(0, settings.volume / 100));
  return v * v;
}
