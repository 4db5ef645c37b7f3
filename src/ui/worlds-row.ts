/**
 * One row of the Worlds dialog's list: the world's name and tags, a line of facts (seed,
 * type, noise, edits, when played), and its Open, Rename, Export and Delete buttons; or, in
 * its place, the row's rename field or its delete confirmation. Built afresh on every render
 * from the entry and what the dialog says about it (`WorldRowContext`); holds no state.
 */
import { MAX_WORLD_NAME } from '../storage/world-record';
import { el } from './dom';
import { formatEdits, formatRelativeTime, formatSeed, type DateOptions, type WorldListEntry } from './world-list';
import { focusKey, markUnavailable, quoted } from './worlds-controls';

export type WorldAction = 'open' | 'rename' | 'export' | 'delete';

const ACTION_LABELS: Record<WorldAction, string> = { open: 'Open', rename: 'Rename', export: 'Export', delete: 'Delete' };

/** A row showing its rename field (what is typed so far; refused once) or its delete confirmation. */
export type RowMode = { id: string; kind: 'rename'; draft: string; invalid: boolean } | { id: string; kind: 'confirm' };

/** What a row is built from besides its entry: the dialog's state and its actions. */
export interface WorldRowContext {
  /** This row's rename or confirmation, if it shows one. */
  mode: RowMode | null;
  /** The row a hook is working on now (shown busy). */
  busyId: string | null;
  /** The row just imported (shown new). */
  highlight: string | null;
  now: number;
  dateOptions: DateOptions;
  /** Why `action` cannot be taken on this world now, or null. */
  unavailable(action: WorldAction, entry: WorldListEntry): string | null;
  /** Why nothing can start now (a hook is running), or null. */
  busyReason(): string | null;
  act(action: WorldAction, entry: WorldListEntry): void;
  /** Back out of the rename or confirmation. */
  leaveRowMode(): void;
  saveRename(): void;
  confirmDelete(): void;
}

let idCounter = 0;

export function worldRow(entry: WorldListEntry, ctx: WorldRowContext): HTMLLIElement {
  const li = document.createElement('li');
  li.className = 'worlds-row';
  li.classList.toggle('worlds-row-current', entry.current);
  li.classList.toggle('worlds-row-new', entry.id === ctx.highlight);
  if (ctx.busyId === entry.id) li.setAttribute('aria-busy', 'true');
  const mode = ctx.mode;

  const info = el('div', 'worlds-info', li);
  if (mode?.kind === 'rename') info.append(renameForm(entry, mode, ctx));
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
  if (!entry.current) meta.push(`played ${formatRelativeTime(entry.lastPlayed, ctx.now, ctx.dateOptions)}`);
  const metaLine = el('div', 'worlds-meta', info);
  meta.forEach((part, i) => {
    // Each part keeps its separator, so a wrapped line never starts with one.
    const item = el('span', 'worlds-meta-item', metaLine);
    el('span', 'worlds-meta-part', item, part);
    if (i < meta.length - 1) el('span', 'worlds-meta-sep', item, ' · ').setAttribute('aria-hidden', 'true');
  });
  metaLine.title = `${meta.join(' · ')}\ncreated ${formatRelativeTime(entry.created, ctx.now, ctx.dateOptions)}`;

  if (mode?.kind === 'confirm') li.append(confirmBox(entry, ctx));
  else if (mode?.kind !== 'rename') {
    const actions = el('div', 'worlds-actions', li);
    for (const action of ['open', 'rename', 'export', 'delete'] as const) {
      const button = el('button', `worlds-button worlds-${action}`, actions, ACTION_LABELS[action]);
      button.type = 'button';
      button.dataset.focus = focusKey(entry.id, action);
      button.setAttribute('aria-label', `${ACTION_LABELS[action]} ${entry.name}`);
      markUnavailable(button, ctx.unavailable(action, entry));
      button.addEventListener('click', () => ctx.act(action, entry));
    }
  }
  return li;
}

function renameForm(entry: WorldListEntry, mode: RowMode & { kind: 'rename' }, ctx: WorldRowContext): HTMLFormElement {
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
  markUnavailable(save, ctx.busyReason());
  const cancel = el('button', 'worlds-button', form, 'Cancel');
  cancel.type = 'button';
  cancel.dataset.focus = focusKey(entry.id, 'rename-cancel');
  markUnavailable(cancel, ctx.busyReason());
  cancel.addEventListener('click', () => ctx.leaveRowMode());
  form.addEventListener('submit', (e) => {
    e.preventDefault();
    ctx.saveRename();
  });
  return form;
}

function confirmBox(entry: WorldListEntry, ctx: WorldRowContext): HTMLDivElement {
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
  markUnavailable(remove, ctx.unavailable('delete', entry));
  remove.addEventListener('click', () => ctx.confirmDelete());
  const cancel = el('button', 'worlds-button', buttons, 'Cancel');
  cancel.type = 'button';
  cancel.dataset.focus = focusKey(entry.id, 'confirm-cancel');
  markUnavailable(cancel, ctx.busyReason());
  cancel.addEventListener('click', () => ctx.leaveRowMode());
  return box;
}
