/**
 * The world as the player hears it: footsteps by the block walked on, the sound of their own
 * breaks and places (edits from another tab arrive through the session, not here, and are
 * silent), a splash as the body falls into water, everything muffled while the eye is under
 * water, and wind or cave ambience. Also the panel's Sound folder, its volume and mute kept
 * in localStorage. Sound starts at the first user gesture and a hidden tab is silent
 * (src/audio/page-audio.ts). PanelBinding makes one and runs `frame` in its own, which the
 * game calls once a frame after the body moved.
 */
import { AmbienceBeds } from '../../audio/ambience-beds';
import { chooseAmbience, type Ambience } from '../../audio/ambience-choice';
import { FootstepCadence } from '../../audio/footstep-cadence';
import { PageAudio } from '../../audio/page-audio';
import { SoundBus } from '../../audio/sound-bus';
import { playMaterial, playSplash, type MaterialSoundKind } from '../../audio/sound-recipes';
import { WaterEntry } from '../../audio/water-entry';
import { masterGainOf, readSoundSettings, SOUND_VOLUME_RANGE, writeSoundSettings, type SoundSettings, type SoundSettingsStorage } from '../../audio/sound-settings';
import type { PlayerController } from '../../controls/player-controller';
import { PLAYER_BODY } from '../../physics';
import { SoundFolder, type SettingsPanel, type SoundFolderModel } from '../../ui';
import { Block, BLOCK_SKY_FILTER, WORLD_HEIGHT } from '../../world';
import { soundMaterialOf } from '../../world/block-sounds';
import type { BlockBuilding } from './block-building';
import type { BlockEditor } from './block-editor';

export type SoundKind = MaterialSoundKind | 'splash';

/** What `__game.sound()` reads. */
export interface SoundReading extends SoundSettings {
  /** The first gesture started the audio (and the tab is visible). */
  started: boolean;
  /** Muffled: the eye is under water. */
  underWater: boolean;
  ambience: Ambience | 'none';
  /** Sounds played since the game started, by kind. */
  played: Record<SoundKind, number>;
}

export interface PlayerSoundHost {
  storage: SoundSettingsStorage | null;
  panel: SettingsPanel;
  player: PlayerController;
  editor: BlockEditor;
  building: BlockBuilding;
  scene: { readonly isUnderWater: boolean };
  notify(text: string, kind: 'info' | 'warning'): void;
}

/** Seconds between two ambience decisions: the roof over the player changes slowly. */
const AMBIENCE_EVERY = 0.25;

export class PlayerSound {
  private readonly bus = new SoundBus();
  private readonly beds = new AmbienceBeds(this.bus);
  private readonly page: PageAudio;
  private readonly folder: SoundFolder;
  private readonly cadence = new FootstepCadence();
  private settings: SoundSettings;
  private readonly model: SoundFolderModel;
  private readonly played: Record<SoundKind, number> = { step: 0, break: 0, place: 0, splash: 0 };
  private ambience: Ambience = 'wind';
  private sinceAmbience = AMBIENCE_EVERY;
  /** Where the feet were last frame (NaN before the first): the distance walked is measured from there. */
  private lastX = Number.NaN;
  private lastZ = Number.NaN;
  private readonly waterEntry = new WaterEntry();
  private disposed = false;

  constructor(private readonly host: PlayerSoundHost) {
    const { settings, warnings } = readSoundSettings(host.storage);
    for (const w of warnings) console.warn(w);
    this.settings = settings;
    this.model = { ...settings };
    this.bus.setGain(masterGainOf(settings));
    this.folder = new SoundFolder(host.panel.gui, this.model, SOUND_VOLUME_RANGE, (key) => this.changed(key));
    this.page = new PageAudio(this.bus, () => this.beds.set(this.ambience));
    host.building.onBuilt = (kind, block) => this.play(kind, block);
  }

  /** One frame: footsteps, a splash, the muffle, and now and then the ambience. */
  frame(dt: number): void {
    if (this.disposed) return;
    const body = this.host.player.state;
    const walking = this.host.player.mode === 'walk' && body.onGround && !body.inWater;
    const moved = Number.isNaN(this.lastX) ? 0 : Math.hypot(body.x - this.lastX, body.z - this.lastZ);
    this.lastX = body.x;
    this.lastZ = body.z;
    if (this.cadence.advance(moved, walking)) this.play('step', this.blockUnderFeet());
    // inWater means swimming, in water or in lava; only water splashes.
    const inWater = body.inWater && this.host.editor.blockAt(Math.floor(body.x), Math.floor(body.y + 0.1), Math.floor(body.z)) !== Block.Lava;
    if (this.waterEntry.update(dt, inWater) && this.bus.running && playSplash(this.bus, -body.vy / 10)) this.played.splash++;
    this.bus.setMuffled(this.host.scene.isUnderWater);
    this.sinceAmbience += dt;
    if (this.sinceAmbience >= AMBIENCE_EVERY) {
      this.sinceAmbience = 0;
      const editor = this.host.editor;
      this.ambience = chooseAmbience((x, y, z) => BLOCK_SKY_FILTER[editor.blockAt(x, y, z)]! >= 15, body.x, body.y + PLAYER_BODY.eyeHeight, body.z, WORLD_HEIGHT);
      this.beds.set(this.ambience);
    }
  }

  /** Plays `kind` of the sound of `block` now (nothing before the first gesture or in a hidden tab). */
  private play(kind: MaterialSoundKind, block: number): void {
    if (this.bus.running && playMaterial(this.bus, kind, soundMaterialOf(block))) this.played[kind]++;
  }

  /** The block the feet stand on: the one under them, or the one below that when the feet are in a plant or a slab's lower half. */
  private blockUnderFeet(): number {
    const { x, y, z } = this.host.player.state;
    const bx = Math.floor(x);
    const bz = Math.floor(z);
    const at = this.host.editor.blockAt(bx, Math.floor(y - 0.05), bz);
    return soundMaterialOf(at) === 'none' ? this.host.editor.blockAt(bx, Math.floor(y - 1.05), bz) : at;
  }

  state(): SoundReading {
    return {
      ...this.settings,
      started: this.bus.running,
      underWater: this.host.scene.isUnderWater,
      ambience: this.bus.running && this.beds.playing ? this.beds.playing : 'none',
      played: { ...this.played },
    };
  }

  /** A value changed in the folder: kept when valid, applied, saved. */
  private changed(key: keyof SoundFolderModel): void {
    const value = this.model[key];
    if (key === 'volume' && !(typeof value === 'number' && Number.isFinite(value))) {
      this.model.volume = this.settings.volume;
      this.folder.refresh();
      return;
    }
    this.settings = { ...this.settings, [key]: key === 'volume' ? Math.min(SOUND_VOLUME_RANGE.max, Math.max(SOUND_VOLUME_RANGE.min, value as number)) : value };
    this.bus.setGain(masterGainOf(this.settings));
    if (!writeSoundSettings(this.host.storage, this.settings)) this.host.notify('The sound settings could not be saved in this browser: they last until the page closes.', 'warning');
  }

  /** Stops every sound and listener. Safe twice. */
  dispose(): void {
    if (this.disposed) return;
    this.disposed = true;
    if (this.host.building.onBuilt) this.host.building.onBuilt = null;
    this.page.dispose();
    this.beds.dispose();
    this.bus.dispose();
  }
}
