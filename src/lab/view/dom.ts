/** Small DOM builders for the lab page (the lab builds its own DOM; it uses no UI library). */

export function el<K extends keyof HTMLElementTagNameMap>(tag: K, className: string, parent?: Element | null, text?: string): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined) node.textContent = text;
  parent?.appendChild(node);
  return node;
}

const SVG_NS = 'http://www.w3.org/2000/svg';

export function svg<K extends keyof SVGElementTagNameMap>(tag: K, attributes: Record<string, string | number>, parent?: Element): SVGElementTagNameMap[K] {
  const node = document.createElementNS(SVG_NS, tag);
  for (const [name, value] of Object.entries(attributes)) node.setAttribute(name, String(value));
  parent?.appendChild(node);
  return node;
}

/**
 * Listeners added through one of these are removed together by `removeAll()`, so an owner's
 * dispose() cannot forget one.
 */
export class Listeners {
  private readonly removers: (() => void)[] = [];

  on<T extends EventTarget>(target: T, type: string, listener: (event: Event) => void, options?: AddEventListenerOptions): void {
    target.addEventListener(type, listener, options);
    this.removers.push(() => target.removeEventListener(type, listener, options));
  }

  removeAll(): void {
    for (const remove of this.removers.splice(0)) remove();
  }
}
