/**
 * The people view over a fake connection and stand-in list and chat (Node has no DOM): what
 * reaches the figures, the list and the chat lines, the owner's controls, and T.
 */
import * as THREE from 'three';
import { describe, expect, it } from 'vitest';
import { memorySeqStore, type BuildPolicy } from '../../../src/net';
import { createPeopleView, type PeopleSource, type PeopleUi, type PeopleUiHooks, type PeopleWorld } from '../../../src/app/net/people-view';
import { SharedWorldConnection } from '../../../src/app/net/shared-world-connection';
import type { SharedPlayer } from '../../../src/app/net/room-players';
import type { ConnectionStatus } from '../../../src/app/net/connection-types';
import type { ChatLog } from '../../../src/ui/chat-log';
import type { PeoplePanelState } from '../../../src/ui/people-panel';
import type { TagCanvas } from '../../../src/render/name-tag';

class FakeSource implements PeopleSource {
  status: ConnectionStatus = 'online';
  players = new Map<string, SharedPlayer>();
  sent: string[] = [];
  policies: { policy: BuildPolicy; builders: string[] }[] = [];
  kicked: string[] = [];
  online = true;
  private listeners = new Map<string, Set<(value: never) => void>>();

  on(type: string, listener: (value: never) => void): () => void {
    const set = this.listeners.get(type) ?? new Set();
    this.listeners.set(type, set);
    set.add(listener);
    return () => set.delete(listener);
  }
  emit(type: string, value: unknown): void {
    for (const l of this.listeners.get(type) ?? []) (l as (v: unknown) => void)(value);
  }
  listenerCount(): number {
    return [...this.listeners.values()].reduce((n, s) => n + s.size, 0);
  }
  playerList(): SharedPlayer[] {
    return [...this.players.values()];
  }
  sendChat(text: string): boolean {
    if (this.online) this.sent.push(text);
    return this.online;
  }
  setPolicy(policy: BuildPolicy, builders: readonly string[]): boolean {
    if (this.online) this.policies.push({ policy, builders: [...builders] });
    return this.online;
  }
  kick(playerId: string): boolean {
    this.kicked.push(playerId);
    return this.online;
  }
  join(p: SharedPlayer): void {
    this.players.set(p.sessionId, p);
    this.emit('playerAdd', p);
  }
  move(sessionId: string, pose: Partial<SharedPlayer>): void {
    const p = { ...this.players.get(sessionId)!, ...pose };
    this.players.set(sessionId, p);
    this.emit('playerChange', p);
  }
  leave(sessionId: string): void {
    const p = this.players.get(sessionId)!;
    this.players.delete(sessionId);
    this.emit('playerRemove', p);
  }
}

const player = (sessionId: string, id: string, name: string, more: Partial<SharedPlayer> = {}): SharedPlayer => ({
  sessionId, id, name, colour: 0, x: 0, y: 71.62, z: 0, yaw: 0, pitch: 0, isSelf: false, ...more,
});

const ownerWorld: PeopleWorld = { isOwner: true, policy: 'invited', builders: [], playerId: 'me' };

function setup(options: { playing?: boolean } = {}) {
  const clock = { now: 0 };
  const scene = new THREE.Scene();
  const keys = new EventTarget();
  const panels: PeoplePanelState[] = [];
  const shown = { panel: false, chat: false };
  const chat = { open: false, renders: 0 };
  let hooks!: PeopleUiHooks;
  let log!: ChatLog;
  let redraws = 0;
  const state = { playing: options.playing ?? true, confirmed: true };
  const ui = (h: PeopleUiHooks, l: ChatLog): PeopleUi => {
    hooks = h;
    log = l;
    return {
      panel: { show: (on) => void (shown.panel = on), render: (s) => void panels.push(s), dispose: () => undefined },
      chat: {
        show: (on) => void (shown.chat = on),
        open: () => void (chat.open = true),
        close: () => {
          chat.open = false;
          h.chatClosed();
        },
        get isOpen() {
          return chat.open;
        },
        render: () => void chat.renders++,
        dispose: () => undefined,
      },
    };
  };
  const canvas = (): TagCanvas => ({ width: 0, height: 0, getContext: () => ({ font: '', fillStyle: '', textAlign: 'left', textBaseline: 'alphabetic', measureText: (t) => ({ width: t.length }), clearRect() {}, fillRect() {}, fillText() {} }) });
  const view = createPeopleView({
    scene, root: null as unknown as HTMLElement, keys, ui, createCanvas: canvas,
    isPlaying: () => state.playing, redraw: () => void redraws++, confirm: () => state.confirmed, now: () => clock.now,
  });
  const source = new FakeSource();
  const figures = () => scene.getObjectByName('players')!.children;
  const lines = () => log.lines.map((l) => (l.name ? `<${l.name}> ${l.text}` : l.text));
  const press = (code: string, more: Partial<KeyboardEvent> = {}) => {
    const e = Object.assign(new Event('keydown', { cancelable: true }), { code, repeat: false, ctrlKey: false, metaKey: false, altKey: false, ...more });
    keys.dispatchEvent(e);
    return e;
  };
  return { clock, scene, view, source, panels, shown, chat, hooks: () => hooks, lines, figures, press, state, redraws: () => redraws };
}

describe('people view', () => {
  it('SharedWorldConnection is a source as it is', () => {
    const source: PeopleSource = new SharedWorldConnection(memorySeqStore());
    expect(source.status).toBe('offline');
  });

  it('shows a figure for every other player, not for this one, and lists everyone', () => {
    const t = setup();
    t.source.players.set('a', player('a', 'me', 'Me', { isSelf: true }));
    t.source.players.set('b', player('b', 'ann', 'Ann'));
    t.view.attach(t.source, ownerWorld);
    expect(t.shown).toEqual({ panel: true, chat: true });
    expect(t.figures()).toHaveLength(1);
    t.source.join(player('c', 'bo', 'Bo'));
    expect(t.figures()).toHaveLength(2);
    const rows = t.panels.at(-1)!.rows;
    expect(rows.map((r) => [r.name, r.isSelf, r.isOwner])).toEqual([['Me', true, true], ['Ann', false, false], ['Bo', false, false]]);
    t.source.leave('b');
    expect(t.figures()).toHaveLength(1);
    expect(t.panels.at(-1)!.rows).toHaveLength(2);
  });

  it('moves figures in update(now) and asks for a redraw when they moved', () => {
    const t = setup();
    t.view.attach(t.source, ownerWorld);
    t.source.join(player('b', 'ann', 'Ann', { x: 0 }));
    t.clock.now = 100;
    t.source.move('b', { x: 1 });
    const before = t.redraws();
    t.view.update(150);
    expect(t.redraws()).toBe(before + 1);
    expect(t.figures()[0]!.position.x).toBeCloseTo(0.5);
  });

  it('does not redraw the list for pose changes, only for names', () => {
    const t = setup();
    t.view.attach(t.source, ownerWorld);
    t.source.join(player('b', 'ann', 'Ann'));
    const renders = t.panels.length;
    t.source.move('b', { x: 3 });
    expect(t.panels).toHaveLength(renders);
    t.source.move('b', { name: 'Anna' });
    expect(t.panels.at(-1)!.rows.map((r) => r.name)).toEqual(['Anna']);
  });

  it('chat and notices become lines; joins and leaves after the world settled are told', () => {
    const t = setup();
    t.source.players.set('b', player('b', 'ann', 'Ann'));
    t.view.attach(t.source, ownerWorld);
    t.source.emit('chat', { name: 'Ann', text: 'hi <b>' });
    t.source.emit('notice', 'only invited builders may build');
    t.clock.now = 5000;
    t.source.join(player('c', 'bo', 'Bo'));
    t.source.leave('b');
    t.view.update(5000);
    t.view.update(8000);
    expect(t.lines()).toEqual(['<Ann> hi <b>', 'only invited builders may build', 'Bo joined', 'Ann left']);
  });

  it('says nothing when this client drops and rejoins', () => {
    const t = setup();
    t.view.attach(t.source, ownerWorld);
    t.clock.now = 5000;
    t.source.join(player('b', 'ann', 'Ann'));
    t.clock.now = 6000;
    t.source.leave('b');
    t.source.emit('status', 'reconnecting');
    t.view.update(9000);
    t.clock.now = 9000;
    t.source.emit('status', 'online');
    t.source.emit('world', { message: ownerWorld });
    t.source.join(player('b2', 'ann', 'Ann'));
    t.view.update(20_000);
    expect(t.lines()).toEqual(['Ann joined']);
    expect(t.panels.at(-1)!.status).toBe('');
  });

  it("the owner's controls send the policy and builders, and Remove kicks after asking", () => {
    const t = setup();
    t.source.players.set('a', player('a', 'me', 'Me', { isSelf: true }));
    t.source.players.set('b', player('b', 'ann', 'Ann'));
    t.view.attach(t.source, ownerWorld);
    expect(t.panels.at(-1)!.rows[0]).toMatchObject({ isSelf: true, showBuildToggle: false, showRemove: false, mayBuild: true });
    expect(t.panels.at(-1)!.rows[1]).toMatchObject({ showBuildToggle: true, showRemove: true, mayBuild: false });
    t.hooks().setBuilder('ann', true);
    expect(t.source.policies.at(-1)).toEqual({ policy: 'invited', builders: ['ann'] });
    expect(t.panels.at(-1)!.rows[1]!.mayBuild).toBe(true);
    t.hooks().setPolicy('visitors');
    expect(t.source.policies.at(-1)).toEqual({ policy: 'visitors', builders: ['ann'] });
    expect(t.panels.at(-1)!.rows[1]!.showBuildToggle).toBe(false);
    t.state.confirmed = false;
    t.hooks().remove('ann', 'Ann');
    expect(t.source.kicked).toEqual([]);
    t.state.confirmed = true;
    t.hooks().remove('ann', 'Ann');
    expect(t.source.kicked).toEqual(['ann']);
  });

  it('a visitor gets no controls, and offline sends say so', () => {
    const t = setup();
    t.source.players.set('b', player('b', 'ann', 'Ann'));
    t.view.attach(t.source, { ...ownerWorld, isOwner: false });
    expect(t.panels.at(-1)!.rows.every((r) => !r.showRemove && !r.showBuildToggle)).toBe(true);
    t.hooks().setPolicy('visitors');
    expect(t.source.policies).toEqual([]);
    t.source.online = false;
    t.hooks().send('hello');
    expect(t.lines()).toEqual(['Not sent: not connected to the server.']);
  });

  it('T opens the chat while playing, not while paused, typing, or with no shared world', () => {
    const t = setup({ playing: false });
    expect(t.press('KeyT').defaultPrevented).toBe(false);
    t.view.attach(t.source, ownerWorld);
    t.press('KeyT');
    expect(t.chat.open).toBe(false);
    t.state.playing = true;
    expect(t.press('KeyT', { ctrlKey: true }).defaultPrevented).toBe(false);
    const e = t.press('KeyT');
    expect(e.defaultPrevented).toBe(true);
    expect(t.chat.open).toBe(true);
    expect(t.view.typing).toBe(true);
    // Esc (the browser ends the pointer lock): play pauses, and the typing ends with it.
    t.state.playing = false;
    t.view.update(0);
    expect(t.chat.open).toBe(false);
  });

  it('sends what the chat input sends', () => {
    const t = setup();
    t.view.attach(t.source, ownerWorld);
    t.hooks().send('hello there');
    expect(t.source.sent).toEqual(['hello there']);
  });

  it('detach forgets the world; dispose frees the figures and stops listening to T', () => {
    const t = setup();
    t.source.players.set('b', player('b', 'ann', 'Ann'));
    t.view.attach(t.source, ownerWorld);
    t.view.detach();
    expect(t.source.listenerCount()).toBe(0);
    expect(t.figures()).toHaveLength(0);
    expect(t.shown).toEqual({ panel: false, chat: false });
    t.view.attach(t.source, ownerWorld);
    t.view.dispose();
    t.view.dispose();
    expect(t.scene.getObjectByName('players')).toBeUndefined();
    expect(t.press('KeyT').defaultPrevented).toBe(false);
  });
});
