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
 */
import { MAX_WORLD_NAME } from '../storage/world-record';
import type { WorldType } from '../world';
import { el } from './dom';
import { checkWorldName, formatEdits, formatRelativeTime, formatSeed, sortWorlds, uniqueName, type WorldListEntry } from './world-list';

export type { WorldListEntry } from './world-list';

/** The world types the new-world form offers, default first, as the player reads them. */
const WORLD_TYPE_CHOICES: readonly (readonly [WorldType, string])[] = [
  ['biomes', 'Biomes (default)'],
  ['classic', 'Classic heightfield'],
  ['flat', 'Superflat'],
];

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

/** The name the new-world form offers, numbered when taken ("New world 2"). */
const NEW_WORLD_NAME = 'New world';

/** A row showing its rename field (what is typed so far; refused once) or its delete confirmation. */
type RowMode = { id: string; kind: 'rename'; draft: string; invalid: boolean } | { id: string; kind: 'confirm' };
type Action = 'open' | 'rename' | 'export' | 'delete';

const ACTION_LABELS: Record<Action, string> = { open: 'Open', rename: 'Rename', export: 'Export', delete: 'Delete' };

/** The quoted name used in messages: 'Hills'. */
function quoted(name: string): string {
  return `'${name}'`;
}

function errorText(error: unknown): string {
  if (error instanceof Error && error.message) return error.message;
  if (typeof error === 'string' && error) return error;
  return 'unknown error';
}

export class WorldsDialog {
  readonly element: HTMLDialogElement;
  private readonly list: HTMLUListElement;
  private readonly empty: HTMLParagraphElement;
  private readonly alert: HTMLParagraphElement;
  private readonly status: HTMLParagraphElement;
  private readonly nameInput: HTMLInputElement;
  private readonly seedInput: HTMLInputElement;
  private readonly typeSelect: HTMLSelectElement;
  private readonly rerollButton: HTMLButtonElement;
  private readonly createButton: HTMLButtonElement;
  private readonly importButton: HTMLButtonElement;
  private readonly fileInput: HTMLInputElement;
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
  private nameTouched = false;
  private seedTouched = false;
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

    this.list = el('ul', 'worlds-list', box);
    this.list.setAttribute('aria-label', 'Saved worlds');
    this.empty = el('p', 'worlds-empty', box);

    const messages = el('div', 'worlds-messages', box);
    this.alert = el('p', 'worlds-alert', messages);
    this.alert.setAttribute('role', 'alert');
    this.status = el('p', 'worlds-status', messages);
    this.status.setAttribute('role', 'status');

    const form = el('form', 'worlds-new', box);
    form.noValidate = true;
    el('h3', 'worlds-new-title', form, 'New world');
    const fields = el('div', 'worlds-new-fields', form);
    const nameLabel = el('label', 'worlds-field worlds-field-name', fields);
    el('span', 'worlds-field-label', nameLabel, 'Name');
    this.nameInput = el('input', 'worlds-input', nameLabel);
    this.nameInput.maxLength = MAX_WORLD_NAME;
    this.nameInput.autocomplete = 'off';
    this.nameInput.addEventListener('input', () => (this.nameTouched = true));
    const seedLabel = el('label', 'worlds-field worlds-field-seed', fields);
    el('span', 'worlds-field-label', seedLabel, 'Seed (any text)');
    const seedRow = el('span', 'worlds-seed-row', seedLabel);
    this.seedInput = el('input', 'worlds-input', seedRow);
    this.seedInput.autocomplete = 'off';
    this.seedInput.spellcheck = false;
    this.seedInput.addEventListener('input', () => (this.seedTouched = true));
    this.rerollButton = el('button', 'worlds-button worlds-reroll', seedRow);
    this.rerollButton.append(dieIcon());
    this.rerollButton.type = 'button';
    this.rerollButton.setAttribute('aria-label', 'Random seed');
    this.rerollButton.title = 'Random seed';
    this.rerollButton.addEventListener('click', () => {
      this.seedInput.value = this.hooks.randomSeed();
      this.seedTouched = true;
    });
    const typeLabel = el('label', 'worlds-field worlds-field-type', fields);
    el('span', 'worlds-field-label', typeLabel, 'Type');
    this.typeSelect = el('select', 'worlds-input worlds-type', typeLabel);
    for (const [value, text] of WORLD_TYPE_CHOICES) {
      const option = el('option', '', this.typeSelect, text);
      option.value = value;
    }
    this.createButton = el('button', 'worlds-button worlds-primary worlds-create', fields, 'Create');
    this.createButton.type = 'submit';
    this.createButton.dataset.hint = 'Create this world and play it';
    form.addEventListener('submit', (e) => {
      e.preventDefault();
      void this.createWorld();
    });

    const foot = el('div', 'worlds-foot', box);
    this.importButton = el('button', 'worlds-button worlds-import', foot, 'Import…');
    this.importButton.type = 'button';
    this.importButton.dataset.hint = 'Add a world from a file exported by this game';
    el('span', 'worlds-foot-hint', foot, 'a world file (.json) exported by this game');
    this.fileInput = el('input', 'worlds-file', foot);
    this.fileInput.type = 'file';
    this.fileInput.accept = '.json,application/json';
    this.fileInput.hidden = true;
    this.fileInput.tabIndex = -1;
    this.importButton.addEventListener('click', () => {
      if (this.explainIfBusy()) return;
      this.fileInput.click();
    });
    this.fileInput.addEventListener('change', () => {
      const file = this.fileInput.files?.[0];
      // Cleared, so that choosing the same file again (after fixing it) is a change too.
      this.fileInput.value = '';
      if (file) void this.importWorld(file);
    });

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
      this.clearMessages();
      // The list may have changed since (another world opened from the panel): no stale rows.
      this.entries = null;
      this.loadFailed = false;
      this.render();
      if (!this.seedTouched) this.seedInput.value = this.hooks.randomSeed();
      // Numbered ("New world 2") once the list is in, if it comes in at all.
      if (!this.nameTouched) this.nameInput.value = NEW_WORLD_NAME;
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
      this.showError(this.listError);
      this.render();
      return;
    }
    if (seq !== this.loadSeq || this.disposed) return;
    this.entries = sortWorlds(entries);
    this.loadFailed = false;
    // That error is answered now (an error of something else stays).
    if (this.listError !== null && this.alert.textContent === this.listError) this.showError('');
    this.listError = null;
    if (this.mode && !this.entries.some((e) => e.id === this.mode!.id)) this.mode = null;
    if (!this.nameTouched) this.nameInput.value = uniqueName(NEW_WORLD_NAME, this.entries.map((e) => e.name));
    this.render();
  }

  /** Shows a line in the dialog, e.g. why the game refused a file (`error` is announced). */
  notify(text: string, kind: 'info' | 'error' = 'info'): void {
    if (kind === 'error') this.showError(text);
    else this.showStatus(text);
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
    this.clearMessages();
    this.showStatus(`${doing[0]!.toUpperCase()}${doing.slice(1)}…`);
    this.render();
    try {
      let value: T;
      try {
        value = await task();
      } catch (error) {
        if (!this.disposed) {
          this.showStatus('');
          this.showError(`${failure}: ${errorText(error)}`);
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
    if (reason) this.showStatus(reason);
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
  private unavailable(action: Action, entry: WorldListEntry): string | null {
    if (this.busy) return this.busyReason();
    if (entry.current && action === 'open') return 'You are playing this world.';
    if (entry.current && action === 'delete') return 'You are playing this world: open another one first, then delete this one.';
    return null;
  }

  private act(action: Action, entry: WorldListEntry): void {
    const reason = this.unavailable(action, entry);
    if (reason) {
      this.showStatus(reason);
      return;
    }
    this.clearMessages();
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
    this.clearMessages();
    this.pendingFocus = focusKey(id, kind === 'rename' ? 'rename' : 'delete');
    this.render();
  }

  private async openWorld(entry: WorldListEntry): Promise<void> {
    await this.run(`opening ${quoted(entry.name)}`, entry.id, `Could not open ${quoted(entry.name)}`, () => this.hooks.open(entry.id), () => {
      this.showStatus('');
      this.close();
    });
  }

  private async exportWorld(entry: WorldListEntry): Promise<void> {
    this.pendingFocus = focusKey(entry.id, 'export');
    await this.run(`exporting ${quoted(entry.name)}`, entry.id, `Could not export ${quoted(entry.name)}`, () => this.hooks.exportWorld(entry.id), () =>
      this.showStatus(`Exported ${quoted(entry.name)}.`),
    );
  }

  private async saveRename(): Promise<void> {
    const mode = this.mode;
    const entry = mode && this.entry(mode.id);
    if (!mode || mode.kind !== 'rename' || !entry) return;
    if (this.explainIfBusy()) return;
    const check = checkWorldName(mode.draft);
    if (!check.ok) {
      this.showError(check.message);
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
      this.showStatus(`Renamed to ${quoted(check.name)}.`);
    });
  }

  private async confirmDelete(): Promise<void> {
    const mode = this.mode;
    const entry = mode && this.entry(mode.id);
    if (!mode || mode.kind !== 'confirm' || !entry) return;
    if (this.explainIfBusy()) return;
    const reason = this.unavailable('delete', entry);
    if (reason) {
      this.showStatus(reason);
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
      if (!neighbour || !this.entry(neighbour.id)) this.nameInput.focus();
      this.showStatus(`Deleted ${quoted(entry.name)}.`);
    });
  }

  private async createWorld(): Promise<void> {
    if (this.explainIfBusy()) return;
    const check = checkWorldName(this.nameInput.value);
    if (!check.ok) {
      this.showError(check.message);
      this.nameInput.setAttribute('aria-invalid', 'true');
      this.nameInput.focus();
      return;
    }
    this.nameInput.removeAttribute('aria-invalid');
    const seed = this.seedInput.value.trim();
    await this.run(`creating ${quoted(check.name)}`, null, `Could not create ${quoted(check.name)}`, () => this.hooks.create(check.name, seed, this.typeSelect.value as WorldType), () => {
      // The next new world starts from fresh suggestions.
      this.nameTouched = false;
      this.seedTouched = false;
      this.showStatus('');
      this.close();
    });
  }

  private async importWorld(file: File): Promise<void> {
    if (this.explainIfBusy()) return;
    await this.run(`importing ${quoted(file.name)}`, null, `Could not import ${quoted(file.name)}`, () => this.hooks.importFile(file), async (id) => {
      if (id === null) {
        this.showStatus(`${quoted(file.name)} was not imported.`);
        return;
      }
      this.highlight = id;
      this.pendingFocus = focusKey(id, 'open');
      await this.refresh();
      const entry = this.entry(id);
      this.showStatus(entry ? `Imported ${quoted(entry.name)}.` : `Imported ${quoted(file.name)}.`);
      this.list.querySelector(`[data-focus="${CSS.escape(focusKey(id, 'open'))}"]`)?.closest('li')?.scrollIntoView({ block: 'nearest' });
    });
  }

  // ---- rendering ---------------------------------------------------------------------

  private clearMessages(): void {
    this.showError('');
    this.showStatus('');
  }

  private showError(text: string): void {
    this.alert.textContent = text;
    this.alert.hidden = text === '';
  }

  private showStatus(text: string): void {
    this.status.textContent = text;
    this.status.hidden = text === '';
  }

  /** Rebuilds the list and the form's state, keeping (or moving) focus by focus key. */
  private render(): void {
    const active = this.element.ownerDocument.activeElement;
    const keepFocus = active instanceof HTMLElement && this.list.contains(active) ? active.dataset.focus : undefined;
    const selection = active instanceof HTMLInputElement && keepFocus ? { start: active.selectionStart, end: active.selectionEnd } : null;

    const entries = this.entries ?? [];
    this.list.replaceChildren(...entries.map((entry) => this.row(entry)));
    this.list.hidden = entries.length === 0;
    this.empty.hidden = entries.length > 0;
    this.empty.textContent = this.loadFailed
      ? 'The saved worlds could not be read.'
      : this.entries === null
        ? 'Loading worlds…'
        : 'No saved worlds yet. Create one below, or import a world file.';
    this.element.classList.toggle('worlds-busy', this.busy !== null);
    this.element.setAttribute('aria-busy', String(this.busy !== null));
    for (const button of [this.createButton, this.importButton]) markUnavailable(button, this.busyReason());

    const key = this.pendingFocus ?? keepFocus;
    this.pendingFocus = null;
    if (!key) return;
    const target = this.list.querySelector<HTMLElement>(`[data-focus="${CSS.escape(key)}"]`);
    if (!target) return;
    target.focus();
    if (target instanceof HTMLInputElement) {
      if (selection && key === keepFocus) target.setSelectionRange(selection.start, selection.end);
      else if (key !== keepFocus) target.select();
    }
  }

  private row(entry: WorldListEntry): HTMLLIElement {
    const li = document.createElement('li');
    li.className = 'worlds-row';
    li.classList.toggle('worlds-row-current', entry.current);
    li.classList.toggle('worlds-row-new', entry.id === this.highlight);
    if (this.busy?.id === entry.id) li.setAttribute('aria-busy', 'true');
    const mode = this.mode?.id === entry.id ? this.mode : null;

    const info = el('div', 'worlds-info', li);
    if (mode?.kind === 'rename') info.append(this.renameForm(entry, mode));
    else {
      const title = el('div', 'worlds-name-line', info);
      const name = el('span', 'worlds-name', title, entry.name);
      name.title = entry.name;
      if (entry.current) el('span', 'worlds-tag worlds-tag-playing', title, 'playing');
      if (entry.kept === false) {
        const tag = el('span', 'worlds-tag worlds-tag-unkept', title, 'not kept');
        tag.title = 'Forgotten when you leave it, unless you edit or rename it.';
      }
    }
    // Parts wrap between each other (a long seed alone is cut short); the title has them all.
    const meta = [formatSeed(entry.seed), ...(entry.type && entry.type !== 'biomes' ? [entry.type] : []), ...(entry.noise === 'simplex' ? ['simplex'] : []), formatEdits(entry.edits)];
    if (!entry.current) meta.push(`played ${formatRelativeTime(entry.lastPlayed, this.now(), this.dateOptions)}`);
    const metaLine = el('div', 'worlds-meta', info);
    meta.forEach((part, i) => {
      // Each part keeps its separator, so a wrapped line never starts with one.
      const item = el('span', 'worlds-meta-item', metaLine);
      el('span', 'worlds-meta-part', item, part);
      if (i < meta.length - 1) el('span', 'worlds-meta-sep', item, ' · ').setAttribute('aria-hidden', 'true');
    });
    metaLine.title = `${meta.join(' · ')}\ncreated ${formatRelativeTime(entry.created, this.now(), this.dateOptions)}`;

    if (mode?.kind === 'confirm') li.append(this.confirmBox(entry));
    else if (mode?.kind !== 'rename') {
      const actions = el('div', 'worlds-actions', li);
      for (const action of ['open', 'rename', 'export', 'delete'] as const) {
        const button = el('button', `worlds-button worlds-${action}`, actions, ACTION_LABELS[action]);
        button.type = 'button';
        button.dataset.focus = focusKey(entry.id, action);
        button.setAttribute('aria-label', `${ACTION_LABELS[action]} ${entry.name}`);
        markUnavailable(button, this.unavailable(action, entry));
        button.addEventListener('click', () => this.act(action, entry));
      }
    }
    return li;
  }

  private renameForm(entry: WorldListEntry, mode: RowMode & { kind: 'rename' }): HTMLFormElement {
    const form = document.createElement('form');
    form.className = 'worlds-rename';
    form.noValidate = true;
    const input = el('input', 'worlds-input', form);
    input.value = mode.draft;
    input.maxLength = MAX_WORLD_NAME;
    input.autocomplete = 'off';
    input.dataset.focus = focusKey(entry.id, 'name-input');
    input.setAttribute('aria-label', `New name for ${entry.name}`);
    if (mode.invalid) input.setAttribute('aria-invalid', 'true');
    input.addEventListener('input', () => {
      mode.draft = input.value;
      mode.invalid = false;
      input.removeAttribute('aria-invalid');
    });
    const save = el('button', 'worlds-button worlds-primary', form, 'Save');
    save.type = 'submit';
    save.dataset.focus = focusKey(entry.id, 'rename-save');
    markUnavailable(save, this.busyReason());
    const cancel = el('button', 'worlds-button', form, 'Cancel');
    cancel.type = 'button';
    cancel.dataset.focus = focusKey(entry.id, 'rename-cancel');
    markUnavailable(cancel, this.busyReason());
    cancel.addEventListener('click', () => this.leaveRowMode());
    form.addEventListener('submit', (e) => {
      e.preventDefault();
      void this.saveRename();
    });
    return form;
  }

  private confirmBox(entry: WorldListEntry): HTMLDivElement {
    const box = document.createElement('div');
    box.className = 'worlds-confirm';
    box.setAttribute('role', 'group');
    const what = entry.edits > 0 ? `${quoted(entry.name)} and its ${formatEdits(entry.edits)}` : quoted(entry.name);
    const text = el('p', 'worlds-confirm-text', box, `Delete ${what}? This cannot be undone.`);
    text.id = `worlds-confirm-${idCounter++}`;
    box.setAttribute('aria-labelledby', text.id);
    const buttons = el('div', 'worlds-actions', box);
    const remove = el('button', 'worlds-button worlds-danger', buttons, 'Delete');
    remove.type = 'button';
    remove.dataset.focus = focusKey(entry.id, 'confirm-delete');
    remove.setAttribute('aria-label', `Delete ${entry.name} for good`);
    markUnavailable(remove, this.unavailable('delete', entry));
    remove.addEventListener('click', () => void this.confirmDelete());
    const cancel = el('button', 'worlds-button', buttons, 'Cancel');
    cancel.type = 'button';
    cancel.dataset.focus = focusKey(entry.id, 'confirm-cancel');
    markUnavailable(cancel, this.busyReason());
    cancel.addEventListener('click', () => this.leaveRowMode());
    return box;
  }
}

let idCounter = 0;

/** A die showing five, drawn in the text colour (an emoji would need an emoji font). */
function dieIcon(): SVGSVGElement {
  const ns = 'http://www.w3.org/2000/svg';
  const svg = document.createElementNS(ns, 'svg');
  svg.setAttribute('viewBox', '0 0 20 20');
  svg.setAttribute('width', '18');
  svg.setAttribute('height', '18');
  svg.setAttribute('aria-hidden', 'true');
  const face = document.createElementNS(ns, 'rect');
  const faceAttributes = { x: '2', y: '2', width: '16', height: '16', rx: '3.5', fill: 'none', stroke: 'currentColor', 'stroke-width': '1.6' };
  for (const [name, value] of Object.entries(faceAttributes)) face.setAttribute(name, value);
  svg.append(face);
  for (const [cx, cy] of [[6.5, 6.5], [13.5, 6.5], [10, 10], [6.5, 13.5], [13.5, 13.5]] as const) {
    const pip = document.createElementNS(ns, 'circle');
    pip.setAttribute('cx', String(cx));
    pip.setAttribute('cy', String(cy));
    pip.setAttribute('r', '1.5');
    pip.setAttribute('fill', 'currentColor');
    svg.append(pip);
  }
  return svg;
}

/** Names a control of a row across renders: the list is rebuilt, focus is put back by this. */
function focusKey(id: string, control: string): string {
  return `${control}:${id}`;
}

/**
 * aria-disabled with the reason as the title (the button keeps its focus and its click);
 * when available again, its title is its `data-hint`, if any.
 */
function markUnavailable(button: HTMLButtonElement, reason: string | null): void {
  if (reason) {
    button.setAttribute('aria-disabled', 'true');
    button.title = reason;
  } else {
    button.removeAttribute('aria-disabled');
    if (button.dataset.hint) button.title = button.dataset.hint;
    else button.removeAttribute('title');
  }
}
