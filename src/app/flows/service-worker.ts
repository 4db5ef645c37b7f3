/**
 * Registers the service worker vite-plugin-pwa generates (vite.config.ts), with the update
 * prompt on `parent`. Under `npm run dev` virtual:pwa-register is the plugin's stub, which
 * registers nothing: the dev server runs without a service worker.
 */
import { registerSW } from 'virtual:pwa-register';
import { UpdatePrompt } from '../../ui/update-prompt';
import { UpdateFlow } from './update-flow';

export interface ServiceWorkerHooks {
  /** Resolves once every edit is saved (before reloading onto a new version). */
  saveEdits(): Promise<void>;
  /** A short message for the player. */
  message(text: string): void;
}

export function startServiceWorker(parent: HTMLElement, hooks: ServiceWorkerHooks): UpdateFlow {
  return new UpdateFlow({
    register: registerSW,
    createPrompt: (actions) => new UpdatePrompt(parent, actions),
    saveEdits: () => hooks.saveEdits(),
    message: (text) => hooks.message(text),
    warn: (text) => console.warn(text),
    reloadPage: () => location.reload(),
    controllerEvents: 'serviceWorker' in navigator ? navigator.serviceWorker : null,
    controlledAtLoad: 'serviceWorker' in navigator && navigator.serviceWorker.controller !== null,
  });
}
