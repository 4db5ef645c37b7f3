/**
 * The panel's "Sound" folder: master volume (0..100 %) and mute. It edits a plain model and
 * says what changed; the game checks, applies and saves (app/session/player-sound.ts).
 */
import type GUI from 'lil-gui';
import type { Controller } from 'lil-gui';

export interface SoundFolderModel {
  volume: number;
  muted: boolean;
}

export class SoundFolder {
  readonly folder: GUI;
  private readonly controllers: Controller[];

  constructor(parent: GUI, model: SoundFolderModel, range: { min: number; max: number; step: number }, changed: (key: keyof SoundFolderModel) => void) {
    this.folder = parent.addFolder('Sound');
    this.controllers = [
      this.folder.add(model, 'volume', range.min, range.max, range.step).name('volume (%)').onFinishChange(() => changed('volume')),
      this.folder.add(model, 'muted').name('mute').onChange(() => changed('muted')),
    ];
    this.folder.close();
  }

  /** Re-reads the model (after a value was put back). */
  refresh(): void {
    for (const c of this.controllers) c.updateDisplay();
  }
}
