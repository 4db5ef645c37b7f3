/**
 * The players list of a shared world: who is here ("(you)", the owner marked), the key to
 * chat, and for the world's owner who may build ("Visitors may build" or "Only invited
 * builders", then a "May build" box per player) and a "Remove" per player. Names are other
 * players' text: set with textContent only, never as HTML.
 */
import type { BuildPolicy } from '../net/protocol';
import { el } from './dom';
import { rowLabel, type PersonRow } from './people-rows';

export interface PeoplePanelHooks {
  setPolicy(policy: BuildPolicy): void;
  setBuilder(id: string, mayBuild: boolean): void;
  remove(id: string, name: string): void;
  openChat(): void;
}

export interface PeoplePanelState {
  rows: readonly PersonRow[];
  isOwner: boolean;
  policy: BuildPolicy;
  /** Shown after the count when not online ("reconnecting…"). */
  status: string;
}

const POLICY_LABELS: Readonly<Record<BuildPolicy, string>> = { visitors: 'Visitors may build', invited: 'Only invited builders' };

export class PeoplePanel {
  readonly element: HTMLElement;
  private readonly title: HTMLElement;
  private readonly policy: HTMLSelectElement;
  private readonly policyRow: HTMLElement;
  private readonly list: HTMLUListElement;

  constructor(parent: HTMLElement, private readonly hooks: PeoplePanelHooks) {
    this.element = el('section', 'people-panel hidden', parent);
    this.element.setAttribute('aria-label', 'Players');
    const head = el('div', 'people-head', this.element);
    this.title = el('span', 'people-title', head);
    const chat = el('button', 'people-chat', head, 'Chat (T)');
    chat.type = 'button';
    chat.title = 'T while playing: type a message, Enter sends, Esc cancels';
    chat.addEventListener('click', () => hooks.openChat());
    this.policyRow = el('label', 'people-policy', this.element);
    el('span', '', this.policyRow, 'Building: ');
    this.policy = el('select', '', this.policyRow);
    for (const [value, label] of Object.entries(POLICY_LABELS)) {
      const option = el('option', '', this.policy, label);
      option.value = value;
    }
    this.policy.addEventListener('change', () => hooks.setPolicy(this.policy.value as BuildPolicy));
    this.list = el('ul', 'people-list', this.element);
    // The game's own mouse listeners (break, place, look) must not hear clicks in here.
    for (const type of ['mousedown', 'mouseup', 'click', 'wheel', 'contextmenu']) this.element.addEventListener(type, (e) => e.stopPropagation());
  }

  show(on: boolean): void {
    this.element.classList.toggle('hidden', !on);
  }

  render(state: PeoplePanelState): void {
    this.title.textContent = `Players (${state.rows.length})${state.status ? ` · ${state.status}` : ''}`;
    this.policyRow.hidden = !state.isOwner;
    this.policy.value = state.policy;
    this.list.replaceChildren(...state.rows.map((row) => this.rowElement(row)));
  }

  dispose(): void {
    this.element.remove();
  }

  private rowElement(row: PersonRow): HTMLLIElement {
    const item = el('li', row.isSelf ? 'people-row people-self' : 'people-row');
    item.dataset.playerId = row.id;
    el('span', 'people-name', item, rowLabel(row));
    if (!row.mayBuild && !row.showBuildToggle) el('span', 'people-viewer', item, 'view only');
    if (row.showBuildToggle) {
      const label = el('label', 'people-may-build', item);
      const box = el('input', '', label);
      box.type = 'checkbox';
      box.checked = row.mayBuild;
      box.addEventListener('change', () => this.hooks.setBuilder(row.id, box.checked));
      label.append(' May build');
    }
    if (row.showRemove) {
      const remove = el('button', 'people-remove', item, 'Remove');
      remove.type = 'button';
      remove.addEventListener('click', () => this.hooks.remove(row.id, row.name));
    }
    return item;
  }
}
