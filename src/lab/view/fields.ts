/**
 * Labelled inputs for the lab's controls. Each reports raw text with the moment it was
 * entered ('live' while typing or dragging, 'commit' on Enter, blur or a choice); what the
 * text does to the state is decided elsewhere (control-input.ts), and the field then shows
 * the value that was kept.
 */
import type { InputMoment } from '../control-input';
import { el, type Listeners } from './dom';

export type FieldHandler = (text: string, moment: InputMoment, event: Event) => void;

export interface Field {
  readonly element: HTMLElement;
  /**
   * Shows `text`. A field being typed in keeps what is typed unless `force` (after a
   * commit, to show the value that was kept).
   */
  show(text: string, force?: boolean): void;
  /** Greys the control out with `reason` as its tooltip (the world type ignores it), or back with null. */
  setUnused(reason: string | null): void;
}

/** Disables `inputs` and says why on the wrapper, or restores its own hint. */
function markUnused(wrapper: HTMLElement, inputs: readonly (HTMLInputElement | HTMLSelectElement)[], hint: string | undefined, reason: string | null): void {
  for (const input of inputs) input.disabled = reason !== null;
  wrapper.classList.toggle('field-unused', reason !== null);
  if (reason !== null) wrapper.title = reason;
  else if (hint) wrapper.title = hint;
  else wrapper.removeAttribute('title');
}

function label(parent: Element, text: string, className: string, hint?: string): HTMLLabelElement {
  const wrapper = el('label', `field ${className}`.trim(), parent);
  el('span', 'field-label', wrapper, text);
  if (hint) wrapper.title = hint;
  return wrapper;
}

/** A number box, optionally paired with a slider bound to the same value. */
export function numberField(
  parent: Element,
  listeners: Listeners,
  options: { name: string; label: string; min: number; max: number; step: number; slider?: boolean; hint?: string },
  onInput: FieldHandler,
): Field {
  const wrapper = label(parent, options.label, options.slider ? 'field-slider' : 'field-number', options.hint);
  let slider: HTMLInputElement | null = null;
  if (options.slider) {
    slider = el('input', 'slider', wrapper);
    slider.type = 'range';
    slider.min = String(options.min);
    slider.max = String(options.max);
    slider.step = String(options.step);
    slider.name = `${options.name}-slider`;
    slider.setAttribute('aria-label', options.label);
  }
  const box = el('input', 'number', wrapper);
  box.type = 'number';
  box.name = options.name;
  box.min = String(options.min);
  box.max = String(options.max);
  box.step = String(options.step);
  // Chrome gives '' for text it cannot parse as a number; keep the raw text for the message.
  const text = () => (box.value === '' && box.validity.badInput ? '(unreadable)' : box.value);
  listeners.on(box, 'input', (e) => onInput(text(), 'live', e));
  listeners.on(box, 'change', (e) => onInput(text(), 'commit', e));
  if (slider) {
    const s = slider;
    listeners.on(s, 'input', (e) => onInput(s.value, 'live', e));
    listeners.on(s, 'change', (e) => onInput(s.value, 'commit', e));
  }
  return {
    element: wrapper,
    show(value: string, force = false) {
      if (force || document.activeElement !== box) box.value = value;
      if (slider) slider.value = value;
    },
    setUnused: (reason) => markUnused(wrapper, slider ? [box, slider] : [box], options.hint, reason),
  };
}

export function textField(parent: Element, listeners: Listeners, options: { name: string; label: string; hint?: string }, onInput: FieldHandler): Field {
  const wrapper = label(parent, options.label, 'field-text', options.hint);
  const box = el('input', 'text', wrapper);
  box.type = 'text';
  box.name = options.name;
  box.spellcheck = false;
  box.autocomplete = 'off';
  listeners.on(box, 'input', (e) => onInput(box.value, 'live', e));
  listeners.on(box, 'change', (e) => onInput(box.value, 'commit', e));
  return {
    element: wrapper,
    show(value: string, force = false) {
      if (force || document.activeElement !== box) box.value = value;
    },
    setUnused: (reason) => markUnused(wrapper, [box], options.hint, reason),
  };
}

export function selectField(
  parent: Element,
  listeners: Listeners,
  options: { name: string; label: string; choices: readonly { value: string; label: string }[]; hint?: string },
  onInput: FieldHandler,
): Field {
  const wrapper = label(parent, options.label, 'field-select', options.hint);
  const select = el('select', 'select', wrapper);
  select.name = options.name;
  for (const c of options.choices) {
    const option = el('option', '', select, c.label);
    option.value = c.value;
  }
  listeners.on(select, 'change', (e) => onInput(select.value, 'commit', e));
  return {
    element: wrapper,
    show(value: string) {
      select.value = value;
    },
    setUnused: (reason) => markUnused(wrapper, [select], options.hint, reason),
  };
}

/** A row of toggle buttons, one value chosen (the terrain zoom). */
export function choiceField(
  parent: Element,
  listeners: Listeners,
  options: { name: string; label: string; choices: readonly { value: string; label: string }[]; hint?: string },
  onInput: FieldHandler,
): Field {
  const wrapper = el('div', 'field field-choice', parent);
  if (options.hint) wrapper.title = options.hint;
  el('span', 'field-label', wrapper, options.label);
  const group = el('div', 'choice-group', wrapper);
  group.setAttribute('role', 'radiogroup');
  group.setAttribute('aria-label', options.label);
  const buttons = options.choices.map((c) => {
    const b = el('button', 'choice', group, c.label);
    b.type = 'button';
    b.name = options.name;
    b.value = c.value;
    b.setAttribute('role', 'radio');
    listeners.on(b, 'click', (e) => onInput(c.value, 'commit', e));
    return b;
  });
  return {
    element: wrapper,
    show(value: string) {
      for (const b of buttons) {
        const on = b.value === value;
        b.classList.toggle('chosen', on);
        b.setAttribute('aria-checked', String(on));
      }
    },
    setUnused(reason) {
      for (const b of buttons) b.disabled = reason !== null;
      wrapper.classList.toggle('field-unused', reason !== null);
      wrapper.title = reason ?? options.hint ?? '';
    },
  };
}
