/**
 * The Worlds dialog's form for a new world: name, seed (with a die for a random one) and
 * world type, and Create. It suggests a name ("New world", numbered when taken) and a random
 * seed until the player types their own; checking the name and creating the world is the
 * dialog's (`submit`).
 */
import { MAX_WORLD_NAME } from '../storage/world-record';
import type { WorldType } from '../world';
import { el } from './dom';
import { uniqueName } from './world-list';
import { markUnavailable } from './worlds-controls';

/** The world types the form offers, default first, as the player reads them. */
const WORLD_TYPE_CHOICES: readonly (readonly [WorldType, string])[] = [
  ['biomes', 'Biomes (default)'],
  ['classic', 'Classic heightfield'],
  ['flat', 'Superflat'],
];

/** The name the form offers, numbered when taken ("New world 2"). */
const NEW_WORLD_NAME = 'New world';

export interface NewWorldFormHooks {
  /** A fresh random seed. */
  randomSeed(): string;
  /** Create was pressed (or Enter typed). */
  submit(): void;
}

export class NewWorldForm {
  readonly nameInput: HTMLInputElement;
  private readonly seedInput: HTMLInputElement;
  private readonly typeSelect: HTMLSelectElement;
  private readonly createButton: HTMLButtonElement;
  private nameTouched = false;
  private seedTouched = false;

  constructor(parent: HTMLElement, private readonly hooks: NewWorldFormHooks) {
    const form = el('form', 'worlds-new', parent);
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
    const reroll = el('button', 'worlds-button worlds-reroll', seedRow);
    reroll.append(dieIcon());
    reroll.type = 'button';
    reroll.setAttribute('aria-label', 'Random seed');
    reroll.title = 'Random seed';
    reroll.addEventListener('click', () => {
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
      this.hooks.submit();
    });
  }

  /** The dialog opens: a random seed and the plain name, unless the player typed their own. */
  offerOnOpen(): void {
    if (!this.seedTouched) this.seedInput.value = this.hooks.randomSeed();
    // Numbered ("New world 2") once the list is in, if it comes in at all.
    if (!this.nameTouched) this.nameInput.value = NEW_WORLD_NAME;
  }

  /** The list is in: a name no saved world has, unless the player typed their own. */
  offerNameBeside(names: readonly string[]): void {
    if (!this.nameTouched) this.nameInput.value = uniqueName(NEW_WORLD_NAME, names);
  }

  /** What the player asked for: the name as typed, the seed trimmed ('' is a valid seed), the type. */
  values(): { name: string; seed: string; type: WorldType } {
    return { name: this.nameInput.value, seed: this.seedInput.value.trim(), type: this.typeSelect.value as WorldType };
  }

  /** The name was refused: marked and focused, for the player to fix. */
  nameRefused(): void {
    this.nameInput.setAttribute('aria-invalid', 'true');
    this.nameInput.focus();
  }

  nameAccepted(): void {
    this.nameInput.removeAttribute('aria-invalid');
  }

  /** The world was made: the next new world starts from fresh suggestions. */
  created(): void {
    this.nameTouched = false;
    this.seedTouched = false;
  }

  /** Create is unavailable while `reason` (a hook runs), or available with null. */
  setUnavailable(reason: string | null): void {
    markUnavailable(this.createButton, reason);
  }
}

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
