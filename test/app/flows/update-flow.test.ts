import { describe, expect, it, vi } from 'vitest';
import type { RegisterSWOptions } from 'vite-plugin-pwa/types';
import { OFFLINE_READY_MESSAGE, UpdateFlow, type ControllerEvents, type UpdatePromptView } from '../../../src/app/flows/update-flow';

/** A flow over fakes: a log of what it did, the registration's callbacks to fire, and its hooks. */
function setup(options: { saveEdits?: () => Promise<void>; activate?: () => Promise<void>; waiting?: boolean; controlledAtLoad?: boolean } = {}) {
  const log: string[] = [];
  let callbacks: RegisterSWOptions = {};
  const controller = new EventTarget();
  let actions: { reload(): void; later(): void } | undefined;
  const prompt: UpdatePromptView = {
    show: () => log.push('show'),
    hide: () => log.push('hide'),
    outdated: () => log.push('outdated'),
    reloading: () => log.push('reloading'),
    failed: (reason) => log.push(`failed: ${reason}`),
    dispose: () => log.push('dispose prompt'),
  };
  const flow = new UpdateFlow({
    register: (o) => {
      callbacks = o;
      return async () => {
        log.push('activate waiting');
        await options.activate?.();
      };
    },
    createPrompt: (a) => {
      actions = a;
      return prompt;
    },
    saveEdits:
      options.saveEdits ??
      (async () => {
        log.push('save');
      }),
    message: (text) => log.push(`message: ${text}`),
    warn: (text) => log.push(`warn: ${text}`),
    reloadPage: () => log.push('reload page'),
    controllerEvents: controller as unknown as ControllerEvents,
    controlledAtLoad: options.controlledAtLoad ?? true,
  });
  const registration = { waiting: options.waiting === false ? null : {} } as ServiceWorkerRegistration;
  callbacks.onRegisteredSW?.('/sw.js', registration);
  return { flow, log, callbacks, actions: actions!, controllerChange: () => controller.dispatchEvent(new Event('controllerchange')) };
}

describe('UpdateFlow', () => {
  it('says the game plays offline after the first install, and warns when it cannot register', () => {
    const { log, callbacks } = setup();
    callbacks.onOfflineReady?.();
    callbacks.onRegisterError?.(new Error('SecurityError'));
    expect(log).toEqual([`message: ${OFFLINE_READY_MESSAGE}`, 'warn: The game cannot be saved for offline play: SecurityError']);
  });

  it('"Reload now" saves the edits first, then lets the new version in, and reloads once it controls the page', async () => {
    const { log, callbacks, actions, controllerChange } = setup();
    callbacks.onNeedRefresh?.();
    actions.reload(); // the prompt's button
    expect(log).toEqual(['show', 'reloading', 'save']);
    await vi.waitFor(() => expect(log).toEqual(['show', 'reloading', 'save', 'activate waiting']));
    // registerSW's own reload hook and the controller change both report it: one reload.
    controllerChange();
    callbacks.onNeedReload?.();
    controllerChange();
    expect(log).toEqual(['show', 'reloading', 'save', 'activate waiting', 'reload page']);
  });

  it('reloads at once when no version is waiting any more (another tab let it in)', async () => {
    const { flow, log, callbacks } = setup({ waiting: false });
    callbacks.onNeedRefresh?.();
    await flow.reload();
    expect(log).toEqual(['show', 'reloading', 'save', 'reload page']);
  });

  it('does not reload when the edits cannot be saved, says why, and lets the player try again', async () => {
    let attempts = 0;
    const { flow, log, callbacks, controllerChange } = setup({
      saveEdits: async () => {
        attempts++;
        if (attempts === 1) throw new Error('QuotaExceededError');
      },
    });
    callbacks.onNeedRefresh?.();
    await flow.reload();
    callbacks.onNeedReload?.();
    expect(log).toEqual(['show', 'reloading', 'failed: your edits could not be saved (QuotaExceededError). Export the world, or try again.']);
    // Another tab lets the version in meanwhile: this one is asked again, and does not reload.
    controllerChange();
    expect(log.slice(3)).toEqual(['outdated']);
    await flow.reload();
    controllerChange();
    expect(log.slice(4)).toEqual(['reloading', 'activate waiting', 'reload page']);
  });

  it('a hand-over that fails says so and gives the choice back: Later hides the prompt, Reload now tries again', async () => {
    let attempts = 0;
    const { log, callbacks, actions, controllerChange } = setup({
      activate: async () => {
        attempts++;
        if (attempts === 1) throw new Error('InvalidStateError: the worker is redundant');
      },
    });
    callbacks.onNeedRefresh?.();
    actions.reload();
    const failed = 'failed: the new version could not take over (InvalidStateError: the worker is redundant). Your edits are saved; try again, or choose Later.';
    await vi.waitFor(() => expect(log).toEqual(['show', 'reloading', 'save', 'activate waiting', failed]));
    // Nothing reloads on a later controller change it did not ask for: that is another tab's news.
    controllerChange();
    expect(log.slice(5)).toEqual(['outdated']);
    actions.reload();
    await vi.waitFor(() => expect(log.slice(6)).toEqual(['reloading', 'save', 'activate waiting']));
    controllerChange();
    expect(log.slice(9)).toEqual(['reload page']);
  });

  it('after a failed hand-over, Later is heard', async () => {
    const { log, callbacks, actions } = setup({ activate: () => Promise.reject(new Error('no')) });
    callbacks.onNeedRefresh?.();
    actions.reload();
    await vi.waitFor(() => expect(log.at(-1)).toMatch(/^failed: the new version could not take over \(no\)/));
    actions.later();
    expect(log.at(-1)).toBe('hide');
  });

  it('a second click while saving changes nothing', async () => {
    let finish = () => {};
    const { flow, log } = setup({ saveEdits: () => new Promise<void>((resolve) => (finish = resolve)) });
    const first = flow.reload();
    await flow.reload();
    finish();
    await first;
    expect(log).toEqual(['reloading', 'activate waiting']);
  });

  it('"Later" hides the prompt, and nothing reloads, even when another tab lets the version in: then it asks again', () => {
    const { log, callbacks, actions, controllerChange } = setup();
    callbacks.onNeedRefresh?.();
    actions.later();
    callbacks.onNeedRefresh?.(); // the same version seen waiting a moment later
    expect(log).toEqual(['show', 'hide']);
    callbacks.onNeedReload?.();
    controllerChange();
    // This page runs the old version, whose files the new one's cleanup may remove.
    expect(log).toEqual(['show', 'hide', 'outdated']);
  });

  it('on a first visit the install taking control is no news; a later change is', () => {
    const { log, controllerChange } = setup({ controlledAtLoad: false });
    controllerChange();
    expect(log).toEqual([]);
    controllerChange();
    expect(log).toEqual(['outdated']);
  });

  it('dispose takes the prompt away, is safe twice, and silences everything after it', async () => {
    const { flow, log, callbacks, controllerChange } = setup();
    flow.dispose();
    flow.dispose();
    callbacks.onNeedRefresh?.();
    callbacks.onOfflineReady?.();
    callbacks.onRegisterError?.(new Error('late'));
    await flow.reload();
    controllerChange();
    expect(log).toEqual(['dispose prompt']);
  });
});
