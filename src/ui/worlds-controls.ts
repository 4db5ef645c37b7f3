/**
 * Small helpers the Worlds dialog's parts share: how a world's name is quoted in messages,
 * how a control is named across re-renders (the list is rebuilt, focus is put back by name),
 * and how an action that cannot be taken now is marked.
 */

/** The quoted name used in messages: 'Hills'. */
export function quoted(name: string): string {
  return `'${name}'`;
}

/** Names a control of a row across renders: the list is rebuilt, focus is put back by this. */
export function focusKey(id: string, control: string): string {
  return `${control}:${id}`;
}

/**
 * aria-disabled with the reason as the title (the button keeps its focus and its click);
 * when available again, its title is its `data-hint`, if any.
 */
export function markUnavailable(button: HTMLButtonElement, reason: string | null): void {
  if (reason) {
    button.setAttribute('aria-disabled', 'true');
    button.title = reason;
  } else {
    button.removeAttribute('aria-disabled');
    if (button.dataset.hint) button.title = button.dataset.hint;
    else button.removeAttribute('title');
  }
}
