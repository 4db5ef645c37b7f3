/**
 * The Worlds dialog: the player's saved worlds, most recently played first, each with Open,
 * Rename, Export and Delete; a form for a new world; and Import for a world file. It is a
 * native modal `<dialog>` (showModal), so the page behind it is inert, Tab stays inside and
 * Esc closes it; the game releases pointer lock before opening it.
 *
 * The dialog keeps no worlds of its own: it asks the game through `WorldsDialogHooks` and
 * lists what `list()` answers. While a hook runs, every action waits (one thing at a time, so
 * no "open" races a "delete") and a progress line says what is happening; a hook that
 * rejects has its message shown in the dialog, which stays usable. An action that cannot be
 * taken has its button marked aria-disabled with the reason as its title; a click on it
 * says the reason (a phone has no tooltips, and a disabled button would take no focus).
 *
 * Its parts: the list (worlds-list-view.ts) and its rows (worlds-row.ts), the message lines
 * (worlds-messages.ts), the new-world form (worlds-new-form.ts) and Import
 * (worlds-import.ts); this file holds the dialog's state and runs its actions.
 */
import type { WorldType } from '../world';
import { el } from './dom';
import { checkWorldName, sortWorlds, type WorldListEntry } from './world-list';
import { focusKey, quoted } from './worlds-controls';
import { WorldImportPicker } from './worlds-import';
import { WorldSharePanel } from './worlds-share';
import { WorldsListView } from './worlds-list-view';
import { WorldsMessages } from './worlds-messages';
import { NewWorldForm } from './worlds-new-form';
import { worldRow, type RowMode, type WorldAction, type WorldRowContext } from './worlds-row';

export type { WorldListEntry } from './world-list';

/** What the dialog asks of the game. Rejections are shown to the player by their message. */
export interface WorldsDialogHooks {
  /** The saved worlds, in any order (the dialog sorts them). */
  list(): Promise<WorldListEntry[]>;
  /** Leave the current world for world `id`. The dialog closes when this resolves. */
  open(id: string): Promise<void>;
  /**
   * Make a world called `name` (trimmed, checked) of `type` from `seed` (trimmed; '' is a
   * valid seed) and switch to it. The dialog closes when this resolves.
   */
  create(name: string, seed: string, type: WorldType): Promise<void>;
  /** Rename world `id` to `name` (trimmed, 1–MAX_WORLD_NAME characters). */
  rename(id: string, name: string): Promise<void>;
  /** Delete world `id` and its edits. Never asked for the current world. */
  remove(id: string): Promise<void>;
  /** Build world `id`'s file and start its download. */
  exportWorld(id: string): Promise<void>;
  /**
   * Import a world file the player chose: the new world's id, or null when the game refused
   * it and told the player why itself. Rejecting with an Error shows its message in the
   * dialog instead (a toast sits under a modal dialog's backdrop).
   */
  importFile(file: File): Promise<string | null>;
  /** A fresh random seed for the new-world form. */
  randomSeed(): string;
  /** Play together: share the open world and switch to it; resolves to the invite link. */
  share?(): Promise<string>;
  /** The dialog was closed (Esc, ×, the backdrop, or after Open and Create). */
  closed?(): void;
}

export interface WorldsDialogOptions {
  /** The clock for "5 min ago"; Date.now by default. */
  now?: () => number;
  /** Locale and time zone of dates in the list; the browser's by default. */
  locale?: string;
  timeZone?: string;
}

function errorText(error: unknown): string {
  if (error instanceof Error && error.message) return error.message;
  if (typeof error === 'string' && error) return error;
  return 'unknown error';
}

export class WorldsDialog {
  readonly element: HTMLDialogElement;
  private readonly list: WorldsListView;
  private readonly messages: WorldsMessages;
  private readonly newWorld: NewWorldForm;
  private readonly importPicker: WorldImportPicker;
  private readonly sharePanel: WorldSharePanel | null;
  private readonly now: () => number;
  private readonly dateOptions: { locale?: string; timeZone?: string };

  private entries: WorldListEntry[] | null = null;
  private loadFailed = false;
  /** The message shown when `list()` last failed, until it next succeeds. */
  private listError: string | null = null;
  private loadSeq = 0;
  private mode: RowMode | null = null;
  /** The hook running now: what it does ("deleting 'Hills'") and the world it acts on. */
  private busy: { doing: string; id: string | null } | null = null;
  private highlight: string | null = null;
  /** A focus key (see `focusKey`) to focus after the next render of the list. */
  private pendingFocus: string | null = null;
  private pressedOnBackdrop = false;
  private disposed = false;

  /** Keys typed in the dialog are the dialog's: the game's window listeners never see them. */
  private readonly onKeyDown = (e: KeyboardEvent) => {
    e.stopPropagation();
    if (e.key !== 'Escape' || this.mode === null) return;
    // Esc first backs out of a rename or a delete confirmation, and only then closes.
    e.preventDefault();
    this.leaveRowMode();
  };
  private readonly onPointerDown = (e: PointerEvent) => {
    this.pressedOnBackdrop = e.target === this.element;
  };
  /** A click on the backdrop (the dialog box itself has no padding) closes the dialog. */
  private readonly onClick = (e: MouseEvent) => {
    const onBackdrop = e.target === this.element && this.pressedOnBackdrop;
    this.pressedOnBackdrop = false;
    if (onBackdrop) this.close();
  };
  private readonly onClose = () => {
    this.mode = null;
    this.highlight = null;
    if (!this.disposed) this.hooks.closed?.();
  };

  constructor(
    root: HTMLElement,
    private readonly hooks: WorldsDialogHooks,
    options: WorldsDialogOptions = {},
  ) {
    this.now = options.now ?? (() => Date.now());
    this.dateOptions = { locale: options.locale, timeZone: options.timeZone };

    this.element = el('dialog', 'worlds-dialog', root);
    this.element.setAttribute('aria-label', 'Worlds');
    this.element.tabIndex = -1;
    const box = el('div', 'worlds-box', this.element);

    const head = el('div', 'worlds-head', box);
    el('h2', 'worlds-title', head, 'Worlds');
    const closeButton = el('button', 'worlds-close', head, '×');
    closeButton.type = 'button';
    closeButton.setAttribute('aria-label', 'Close');
    closeButton.title = 'Close (Esc)';
    closeButton.addEventListener('click', () => this.close());

    this.list = new WorldsListView(box);
    this.messages = new WorldsMessages(box);

    this.newWorld = new NewWorldForm(box, { randomSeed: () => this.hooks.randomSeed(), submit: () => void this.createWorld() });
    this.importPicker = new WorldImportPicker(box, { mayChoose: () => !this.explainIfBusy(), chosen: (file) => void this.importWorld(file) });
    const share = hooks.share;
    this.sharePanel = share ? new WorldSharePanel(box, { share: () => void (this.explainIfBusy() || this.run('sharing the open world', null, 'Could not share the world', share, (link) => this.sharePanel?.showLink(link, (text) => this.messages.showStatus(text)))) }) : null;

    this.element.addEventListener('keydown', this.onKeyDown);
    this.element.addEventListener('keyup', (e) => e.stopPropagation());
    this.element.addEventListener('pointerdown', this.onPointerDown);
    this.element.addEventListener('click', this.onClick);
    this.element.addEventListener('close', this.onClose);
    this.render();
  }

  get isOpen(): boolean {
    return this.element.open;
  }

  /**
   * Shows the dialog (modal) and loads the list; resolves once the list is shown. Opening it
   * again while open only reloads the list.
   */
  async open(): Promise<void> {
    if (this.disposed) return;
    if (!this.element.open) {
      this.messages.clear();
      // The list may have changed since (another world opened from the panel): no stale rows.
      this.entries = null;
      this.loadFailed = false;
      this.render();
      this.newWorld.offerOnOpen();
      this.element.showModal();
      this.element.focus();
    }
    await this.refresh();
  }

  close(): void {
    if (this.element.open) this.element.close();
  }

  /** Asks the game for the list again and shows it (the newest call wins). */
  async refresh(): Promise<void> {
    if (this.disposed) return;
    const seq = ++this.loadSeq;
    let entries: WorldListEntry[];
    try {
      entries = await this.hooks.list();
    } catch (error) {
      if (seq !== this.loadSeq || this.disposed) return;
      this.loadFailed = this.entries === null;
      this.listError = `Could not read the saved worlds: ${errorText(error)}`;
      this.messages.showError(this.listError);
      this.render();
      return;
    }
    if (seq !== this.loadSeq || this.disposed) return;
    this.entries = sortWorlds(entries);
    this.loadFailed = false;
    // That error is answered now (an error of something else stays).
    if (this.listError !== null && this.messages.error === this.listError) this.messages.showError('');
    this.listError = null;
    if (this.mode && !this.entries.some((e) => e.id === this.mode!.id)) this.mode = null;
    this.newWorld.offerNameBeside(this.entries.map((e) => e.name));
    this.render();
  }

  /** Shows a line in the dialog, e.g. why the game refused a file (`error` is announced). */
  notify(text: string, kind: 'info' | 'error' = 'info'): void {
    if (kind === 'error') this.messages.showError(text);
    else this.messages.showStatus(text);
  }

  /** Closes the dialog without calling `closed` and takes it off the page. Safe to call twice. */
  dispose(): void {
    if (this.disposed) return;
    this.disposed = true;
    this.close();
    this.element.remove();
  }

  // ---- actions -------------------------------------------------------------------------

  /**
   * Runs a hook as the one thing the dialog does (`doing` says what: "deleting 'Hills'"),
   * then `done` with its answer, still busy (so a list reloading after a delete offers no
   * stale row). A rejection of the hook becomes a shown error, prefixed with `failure`.
   * Answers whether the hook succeeded.
   */
  private async run<T>(doing: string, id: string | null, failure: string, task: () => Promise<T>, done?: (value: T) => Promise<void> | void): Promise<boolean> {
    this.busy = { doing, id };
    this.messages.clear();
    this.messages.showStatus(`${doing[0]!.toUpperCase()}${doing.slice(1)}…`);
    this.render();
    try {
      let value: T;
      try {
        value = await task();
      } catch (error) {
        if (!this.disposed) {
          this.messages.showStatus('');
          this.messages.showError(`${failure}: ${errorText(error)}`);
        }
        return false;
      }
      if (!this.disposed) await done?.(value);
      return true;
    } finally {
      this.busy = null;
      if (!this.disposed) this.render();
    }
  }

  /** If a hook is running, says so and answers true. */
  private explainIfBusy(): boolean {
    const reason = this.busyReason();
    if (reason) this.messages.showStatus(reason);
    return reason !== null;
  }

  /** Why nothing else can start now ("Please wait, deleting 'Hills'…"), or null. */
  private busyReason(): string | null {
    return this.busy ? `Please wait, ${this.busy.doing}…` : null;
  }

  private entry(id: string): WorldListEntry | undefined {
    return this.entries?.find((e) => e.id === id);
  }

  /** Why `action` cannot be taken on `entry` now, or null when it can. */
  private unavailable(action: WorldAction, entry: WorldListEntry): string | null {
    if (this.busy) return this.busyReason();
    if (entry.current && action === 'open') return 'You are playing this world.';
    if (entry.current && action === 'delete') return 'You are playing this world: open another one first, then delete this one.';
    return null;
  }

  private act(action: WorldAction, entry: WorldListEntry): void {
    const reason = this.unavailable(action, entry);
    if (reason) {
      this.messages.showStatus(reason);
      return;
    }
    this.messages.clear();
    if (action === 'open') void this.openWorld(entry);
    else if (action === 'export') void this.exportWorld(entry);
    else if (action === 'rename') this.enterRowMode({ id: entry.id, kind: 'rename', draft: entry.name, invalid: false }, focusKey(entry.id, 'name-input'));
    else this.enterRowMode({ id: entry.id, kind: 'confirm' }, focusKey(entry.id, 'confirm-cancel'));
  }

  private enterRowMode(mode: RowMode, focus: string): void {
    this.mode = mode;
    this.pendingFocus = focus;
    this.render();
  }

  /** Back out of a rename or a delete confirmation, to the button that started it. */
  private leaveRowMode(): void {
    if (!this.mode || this.explainIfBusy()) return;
    const { id, kind } = this.mode;
    this.mode = null;
    this.messages.clear();
    this.pendingFocus = focusKey(id, kind === 'rename' ? 'rename' : 'delete');
    this.render();
  }

  private async openWorld(entry: WorldListEntry): Promise<void> {
    await this.run(`opening ${quoted(entry.name)}`, entry.id, `Could not open ${quoted(entry.name)}`, () => this.hooks.open(entry.id), () => {
      this.messages.showStatus('');
      this.close();
    });
  }

  private async exportWorld(entry: WorldListEntry): Promise<void> {
    this.pendingFocus = focusKey(entry.id, 'export');
    await this.run(`exporting ${quoted(entry.name)}`, entry.id, `Could not export ${quoted(entry.name)}`, () => this.hooks.exportWorld(entry.id), () =>
      this.messages.showStatus(`Exported ${quoted(entry.name)}.`),
    );
  }

  private async saveRename(): Promise<void> {
    const mode = this.mode;
    const entry = mode && this.entry(mode.id);
    if (!mode || mode.kind !== 'rename' || !entry) return;
    if (this.explainIfBusy()) return;
    const check = checkWorldName(mode.draft);
    if (!check.ok) {
      this.messages.showError(check.message);
      mode.invalid = true;
      this.pendingFocus = focusKey(entry.id, 'name-input');
      this.render();
      return;
    }
    if (check.name === entry.name) {
      this.leaveRowMode();
      return;
    }
    this.pendingFocus = focusKey(entry.id, 'name-input');
    await this.run(`renaming ${quoted(entry.name)}`, entry.id, `Could not rename ${quoted(entry.name)}`, () => this.hooks.rename(entry.id, check.name), async () => {
      if (this.mode?.id === entry.id) this.mode = null;
      this.pendingFocus = focusKey(entry.id, 'rename');
      await this.refresh();
      this.messages.showStatus(`Renamed to ${quoted(check.name)}.`);
    });
  }

  private async confirmDelete(): Promise<void> {
    const mode = this.mode;
    const entry = mode && this.entry(mode.id);
    if (!mode || mode.kind !== 'confirm' || !entry) return;
    if (this.explainIfBusy()) return;
    const reason = this.unavailable('delete', entry);
    if (reason) {
      this.messages.showStatus(reason);
      return;
    }
    // Where focus goes once the row is gone: the next row, else the one before, else the form.
    const rows = this.entries ?? [];
    const at = rows.indexOf(entry);
    const neighbour = rows[at + 1] ?? rows[at - 1];
    this.pendingFocus = focusKey(entry.id, 'confirm-delete');
    await this.run(`deleting ${quoted(entry.name)}`, entry.id, `Could not delete ${quoted(entry.name)}`, () => this.hooks.remove(entry.id), async () => {
      if (this.mode?.id === entry.id) this.mode = null;
      this.pendingFocus = neighbour ? focusKey(neighbour.id, 'delete') : null;
      await this.refresh();
      if (!neighbour || !this.entry(neighbour.id)) this.newWorld.nameInput.focus();
      this.messages.showStatus(`Deleted ${quoted(entry.name)}.`);
    });
  }

  private async createWorld(): Promise<void> {
    if (this.explainIfBusy()) return;
    const { name, seed, type } = this.newWorld.values();
    const check = checkWorldName(name);
    if (!check.ok) {
      this.messages.showError(check.message);
      this.newWorld.nameRefused();
      return;
    }
    this.newWorld.nameAccepted();
    await this.run(`creating ${quoted(check.name)}`, null, `Could not create ${quoted(check.name)}`, () => this.hooks.create(check.name, seed, type), () => {
      this.newWorld.created();
      this.messages.showStatus('');
      this.close();
    });
  }

  private async importWorld(file: File): Promise<void> {
    if (this.explainIfBusy()) return;
    await this.run(`importing ${quoted(file.name)}`, null, `Could not import ${quoted(file.name)}`, () => this.hooks.importFile(file), async (id) => {
      if (id === null) {
        this.messages.showStatus(`${quoted(file.name)} was not imported.`);
        return;
      }
      this.highlight = id;
      this.pendingFocus = focusKey(id, 'open');
      await this.refresh();
      const entry = this.entry(id);
      this.messages.showStatus(entry ? `Imported ${quoted(entry.name)}.` : `Imported ${quoted(file.name)}.`);
      this.list.scrollToRowOf(focusKey(id, 'open'));
    });
  }

  // ---- rendering ---------------------------------------------------------------------

  /** Rebuilds the list and the form's state, keeping (or moving) focus by focus key. */
  private render(): void {
    const now = this.now();
    const emptyText = this.loadFailed
      ? 'The saved worlds could not be read.'
      : this.entries === null
        ? 'Loading worlds…'
        : 'No saved worlds yet. Create one below, or import a world file.';
    this.element.classList.toggle('worlds-busy', this.busy !== null);
    this.element.setAttribute('aria-busy', String(this.busy !== null));
    this.newWorld.setUnavailable(this.busyReason());
    this.importPicker.setUnavailable(this.busyReason());
    this.sharePanel?.setState(this.busy?.doing === 'sharing the open world', this.busyReason());
    const moveFocusTo = this.pendingFocus;
    this.pendingFocus = null;
    this.list.show(this.entries ?? [], emptyText, (entry) => worldRow(entry, this.rowContext(entry, now)), moveFocusTo);
  }

  /** What a row is built from: this dialog's view of `entry` and its actions. */
  private rowContext(entry: WorldListEntry, now: number): WorldRowContext {
    return {
      mode: this.mode?.id === entry.id ? this.mode : null,
      busyId: this.busy?.id ?? null,
      highlight: this.highlight,
      now,
      dateOptions: this.dateOptions,
      unavailable: (action: WorldAction, e: WorldListEntry) => this.unavailable(action, e),
      busyReason: () => this.busyReason(),
      act: (action: WorldAction, e: WorldListEntry) => this.act(action, e),
      leaveRowMode: () => this.leaveRowMode(),
      saveRename: () => void this.saveRename(),
      confirmDelete: () => void this.confirmDelete(),
    };
  }
}

