/**
 * What a touch player sees and presses: the joystick on the left, the buttons on the right
 * (up/jump, down, walk ⇄ fly), fullscreen and pause in the top corner, and the charge ring
 * that fills under a finger held still to place a block. This is the view only: the layer's
 * own touches (joystick and look) are read by app/touch-input, which moves the knob and the
 * ring through the methods here. The buttons report through `TouchButtonHooks`.
 */
import { el } from './dom';
import { fullscreenIcon } from './fullscreen-icon';

export type TouchHoldAction = 'up' | 'down';

export interface TouchButtonHooks {
  /** An up or down button pressed (true) or let go (false). */
  hold(action: TouchHoldAction, down: boolean): void;
  toggleMode(): void;
  fullscreen(): void;
  pause(): void;
}

const SVG_NS = 'http://www.w3.org/2000/svg';
/** The ring's radius in its 48-unit viewBox; its circumference sets the dash animation (CSS). */
const RING_RADIUS = 20;

export class TouchControls {
  /** The full-screen layer whose background takes the joystick and look touches. */
  readonly element: HTMLDivElement;
  readonly stick: HTMLDivElement;
  private readonly knob: HTMLDivElement;
  private readonly upButton: HTMLButtonElement;
  private readonly downButton: HTMLButtonElement;
  private readonly modeButton: HTMLButtonElement;
  private readonly fullscreenButton: HTMLButtonElement;
  private readonly charge: HTMLDivElement;
  private readonly unbind: (() => void)[] = [];
  /** Lets go of each hold button that is down. */
  private readonly holds: (() => void)[] = [];

  constructor(parent: HTMLElement, hooks: TouchButtonHooks) {
    this.element = el('div', 'touch-controls hidden', parent);
    this.element.setAttribute('aria-hidden', 'true');
    this.stick = el('div', 'touch-stick', this.element);
    this.knob = el('div', 'touch-stick-knob', this.stick);

    const buttons = el('div', 'touch-buttons', this.element);
    this.modeButton = this.button(buttons, 'touch-mode', '', 'Switch between walking and flying');
    this.upButton = this.button(buttons, 'touch-up', '▲', 'Up');
    this.downButton = this.button(buttons, 'touch-down', '▼', 'Down');
    this.holdWhilePressed(this.upButton, 'up', hooks);
    this.holdWhilePressed(this.downButton, 'down', hooks);
    this.onPress(this.modeButton, () => hooks.toggleMode());

    const corner = el('div', 'touch-corner', this.element);
    this.fullscreenButton = this.button(corner, 'touch-fullscreen', '', 'Fullscreen');
    this.fullscreenButton.appendChild(fullscreenIcon());
    const pause = this.button(corner, 'touch-pause', 'II', 'Pause: the start screen and the panel');
    this.onPress(this.fullscreenButton, () => hooks.fullscreen());
    this.onPress(pause, () => hooks.pause());

    // A long press must place a block, not open the browser's menu.
    this.listen(this.element, 'contextmenu', (e) => e.preventDefault());
    this.charge = el('div', 'touch-charge', this.element);
    const svg = document.createElementNS(SVG_NS, 'svg');
    svg.setAttribute('viewBox', '0 0 48 48');
    for (const cls of ['touch-charge-track', 'touch-charge-fill']) {
      const circle = document.createElementNS(SVG_NS, 'circle');
      circle.setAttribute('class', cls);
      circle.setAttribute('cx', '24');
      circle.setAttribute('cy', '24');
      circle.setAttribute('r', String(RING_RADIUS));
      svg.appendChild(circle);
    }
    this.charge.appendChild(svg);
    this.setMode('fly');
  }

  get visible(): boolean {
    return !this.element.classList.contains('hidden');
  }

  show(): void {
    this.element.classList.remove('hidden');
  }

  hide(): void {
    this.element.classList.add('hidden');
    this.releaseHolds();
    this.stickAtRest();
    this.hideCharge();
  }

  /** Every up or down button still held lets go (and says so through `hold`). */
  releaseHolds(): void {
    for (const letGo of this.holds) letGo();
  }

  /** Fly shows up and down; walk shows one jump button. The mode button names the other mode. */
  setMode(mode: 'walk' | 'fly'): void {
    this.element.dataset.mode = mode;
    this.upButton.textContent = mode === 'walk' ? 'Jump' : '▲';
    this.upButton.setAttribute('aria-label', mode === 'walk' ? 'Jump (swim up)' : 'Fly up');
    this.modeButton.textContent = mode === 'walk' ? 'Fly' : 'Walk';
  }

  setFullscreen(on: boolean): void {
    this.fullscreenButton.classList.toggle('active', on);
    this.fullscreenButton.setAttribute('aria-label', on ? 'Leave fullscreen' : 'Fullscreen');
  }

  /** The joystick's base sits under the thumb while it is down, at (x, y) in page pixels. */
  stickAt(x: number, y: number): void {
    const box = this.element.getBoundingClientRect();
    this.stick.classList.add('active');
    this.stick.style.setProperty('--stick-x', `${x - box.left}px`);
    this.stick.style.setProperty('--stick-y', `${y - box.top}px`);
  }

  /** The knob, `dx` right and `dy` down of the base's centre. */
  knobAt(dx: number, dy: number, sprint: boolean): void {
    this.knob.style.transform = `translate(${dx}px, ${dy}px)`;
    this.stick.classList.toggle('sprint', sprint);
  }

  /** Back home, knob centred. */
  stickAtRest(): void {
    this.stick.classList.remove('active', 'sprint');
    this.stick.style.removeProperty('--stick-x');
    this.stick.style.removeProperty('--stick-y');
    this.knob.style.transform = '';
  }

  /** Starts the ring filling under the finger at (x, y), over `ms`. */
  showCharge(x: number, y: number, ms: number): void {
    const box = this.element.getBoundingClientRect();
    const c = this.charge;
    c.style.left = `${x - box.left}px`;
    c.style.top = `${y - box.top}px`;
    c.style.setProperty('--charge-ms', `${ms}ms`);
    c.classList.remove('charging', 'done');
    // Restart the fill animation from empty (a new charge right after the last one).
    void c.offsetWidth;
    c.classList.add('charging');
  }

  /** The charge completed: the ring flashes full, then goes. */
  chargeDone(): void {
    this.charge.classList.remove('charging');
    this.charge.classList.add('done');
  }

  /** Hides the ring and forgets where it was, so no stale position outlives a turn of the screen. */
  hideCharge(): void {
    this.charge.classList.remove('charging', 'done');
    this.charge.style.removeProperty('left');
    this.charge.style.removeProperty('top');
  }

  /** Takes the layer off the page and lets go of its listeners. Safe to call twice. */
  dispose(): void {
    for (const off of this.unbind.splice(0)) off();
    this.element.remove();
  }

  private button(parent: HTMLElement, cls: string, text: string, label: string): HTMLButtonElement {
    const button = el('button', `touch-button ${cls}`, parent, text);
    button.type = 'button';
    button.setAttribute('aria-label', label);
    // Never focused: a focused button would take the keyboard's Space from a player with both.
    button.tabIndex = -1;
    return button;
  }

  private listen<K extends keyof HTMLElementEventMap>(target: HTMLElement, type: K, handler: (e: HTMLElementEventMap[K]) => void): void {
    target.addEventListener(type, handler);
    this.unbind.push(() => target.removeEventListener(type, handler));
  }

  /**
   * A tap on a button acts once, on its click: fullscreen needs the user activation that a
   * touch grants only when it ends. The touch never reaches the look layer under it.
   */
  private onPress(button: HTMLButtonElement, act: () => void): void {
    this.listen(button, 'pointerdown', (e) => e.stopPropagation());
    this.listen(button, 'click', () => {
      // Not left focused: a focused button would take the keyboard's Space from a player with both.
      button.blur();
      act();
    });
  }

  /**
   * A button that holds its action while a finger is on it. The pointer is captured, so a
   * finger sliding off still lets go here; a cancelled touch lets go too, and so does
   * releaseHolds (the tab hidden, the window left, play paused).
   */
  private holdWhilePressed(button: HTMLButtonElement, action: TouchHoldAction, hooks: TouchButtonHooks): void {
    let pointer: number | null = null;
    const letGo = () => {
      if (pointer === null) return;
      pointer = null;
      button.classList.remove('pressed');
      hooks.hold(action, false);
    };
    this.holds.push(letGo);
    this.listen(button, 'pointerdown', (e) => {
      e.stopPropagation();
      e.preventDefault();
      if (pointer !== null) return;
      pointer = e.pointerId;
      button.setPointerCapture?.(e.pointerId);
      button.classList.add('pressed');
      hooks.hold(action, true);
    });
    const release = (e: PointerEvent) => {
      if (e.pointerId === pointer) letGo();
    };
    this.listen(button, 'pointerup', release);
    this.listen(button, 'pointercancel', release);
    this.listen(button, 'lostpointercapture', release);
  }
}
