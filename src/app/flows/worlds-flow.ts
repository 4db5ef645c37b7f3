/**
 * What the player does with whole worlds, from the Worlds dialog, the panel and the save
 * warning: open, create, rename, delete, export to a file, import one, copy a link. Each
 * action says how it went, in a toast or in the dialog itself.
 */
import type { WorldLibrary } from '../../persistence/world-library';
import { WORLD_FILE_MIME_TYPE, worldFileName } from '../../storage';
import type { WorldsDialogHooks } from '../../ui';
import { DEFAULT_WORLD_PARAMS } from '../../world';
import type { RequestOutcome, WorldSession } from '../session/world-session';
import { downloadText } from './download';
import { randomSeedText } from './random-seed';

export interface WorldsFlowHooks {
  toast(text: string, kind?: 'info' | 'warning' | 'error'): void;
  /** The open world's name may have changed (the panel's title shows it). */
  renamed(): void;
  /** The link to this exact view. */
  link(): string;
}

export class WorldsFlow {
  constructor(
    private readonly library: WorldLibrary,
    private readonly session: WorldSession,
    private readonly hooks: WorldsFlowHooks,
  ) {}

  /** The Worlds dialog's actions. */
  dialogHooks(): WorldsDialogHooks {
    const library = this.library;
    return {
      list: () => library.summaries(),
      open: async (id) => void (await this.open(id)),
      create: async (name, seed, type) => {
        const record = await library.create(name, { ...DEFAULT_WORLD_PARAMS, type, seed, noise: this.session.params.noise });
        await this.open(record.id);
      },
      rename: async (id, name) => {
        await library.rename(id, name);
        this.hooks.renamed();
      },
      remove: (id) => library.remove(id),
      exportWorld: (id) => this.exportWorld(id),
      importFile: async (file) => {
        // Refusals are thrown, so the dialog shows them where the player is looking.
        const result = await library.importWorld(new Uint8Array(await file.arrayBuffer()));
        if (!result.ok) throw new Error(result.error);
        for (const warning of result.warnings) this.hooks.toast(warning, 'warning');
        return result.record.id;
      },
      randomSeed: randomSeedText,
    };
  }

  /** Opens a saved world where the player left it; resolves once it is on screen (or why not was said). */
  open(id: string): Promise<RequestOutcome> {
    return this.session.open(id);
  }

  /** Saves a world to a file the browser downloads. */
  async exportWorld(id: string): Promise<void> {
    const { text, record } = await this.library.exportWorld(id);
    downloadText(text, worldFileName(record.name), WORLD_FILE_MIME_TYPE);
    this.hooks.toast(`Exported "${record.name}" (${(text.length / 1024).toFixed(0)} KB)`);
  }

  /** The save warning's button: the open world to a file, whatever happens to storage. */
  async exportCurrent(): Promise<void> {
    try {
      await this.exportWorld(this.session.current.record.id);
    } catch (err) {
      this.hooks.toast(`Could not export the world: ${err instanceof Error ? err.message : String(err)}`, 'error');
    }
  }

  /** Adds a world from a file; the new world's id, or null with the reason shown. */
  async importWorld(data: string | Uint8Array | ArrayBuffer): Promise<string | null> {
    const result = await this.library.importWorld(data);
    if (!result.ok) {
      this.hooks.toast(`Import failed: ${result.error}`, 'error');
      return null;
    }
    this.hooks.toast(`Imported "${result.record.name}" with ${result.record.edits} edit${result.record.edits === 1 ? '' : 's'}`);
    for (const warning of result.warnings) this.hooks.toast(warning, 'warning');
    return result.record.id;
  }

  async deleteWorld(id: string): Promise<void> {
    await this.library.remove(id);
  }

  copyLink(): void {
    const url = this.hooks.link();
    const showLink = () => this.hooks.toast(`Copy this link: ${url}`);
    if (!navigator.clipboard) {
      showLink();
      return;
    }
    navigator.clipboard.writeText(url).then(() => this.hooks.toast('Link copied: it opens this exact view.'), showLink);
  }
}
