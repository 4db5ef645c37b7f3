/**
 * The people of a shared world on screen: the other players' figures (render/avatar-layer.ts),
 * the players list with the owner's controls (ui/people-panel.ts), the chat with join and
 * leave notices (ui/chat-box.ts), and T to type. One attach point for the game: `attach` a
 * connection when a shared world opens, `detach` when it closes, `update(now)` once a frame
 * before drawing, `dispose` at the end.
 *
 * The source is the part of SharedWorldConnection this needs, so the connection fits as it
 * is and tests hand in a fake. The owner's build policy is not in the room's state: it comes
 * with the world ('world'), and the owner's own changes are kept here as they are sent.
 */
import { DEFAULT_NET_LIMITS, type BuildPolicy, type NetLimits, type WorldMessage } from '../../net';
import { cssColour, figureColours } from '../../net/name-colour';
import { AvatarLayer, type AvatarParent, type LightUniforms } from '../../render';
import type { TagCanvasFactory } from '../../render/name-tag';
import { ChatBox } from '../../ui/chat-box';
import { ChatLog } from '../../ui/chat-log';
import { PeoplePanel, type PeoplePanelHooks, type PeoplePanelState } from '../../ui/people-panel';
import { peopleRows, withBuilder } from '../../ui/people-rows';
import type { ConnectionEvents, ConnectionStatus } from './connection-types';
import { PresenceNotices } from './presence-notices';
import type { SharedPlayer } from './room-players';

/** What of the world's message the view reads: who this client is and who may build. */
export type PeopleWorld = Pick<WorldMessage, 'isOwner' | 'policy' | 'builders' | 'playerId'>;

type PeopleEvents = Pick<ConnectionEvents, 'playerAdd' | 'playerChange' | 'playerRemove' | 'chat' | 'notice' | 'status'> & { world: { message: PeopleWorld } };

/** The part of SharedWorldConnection the view uses (the connection satisfies it as it is). */
export interface PeopleSource {
  on<K extends keyof PeopleEvents>(type: K, listener: (value: PeopleEvents[K]) => void): () => void;
  playerList(): SharedPlayer[];
  readonly status: ConnectionStatus;
  sendChat(text: string): boolean;
  setPolicy(policy: BuildPolicy, builders: readonly string[]): boolean;
  kick(playerId: string): boolean;
}

/** The DOM parts, as the view drives them (tests hand in stand-ins). */
export interface PeopleUi {
  panel: Pick<PeoplePanel, 'show' | 'render' | 'dispose'>;
  chat: Pick<ChatBox, 'show' | 'open' | 'close' | 'isOpen' | 'render' | 'dispose'>;
}

export interface PeopleUiHooks extends PeoplePanelHooks {
  send(text: string): void;
  chatClosed(): void;
}

export interface PeopleViewDeps {
  /** Where the figures go: WorldScene.scene. */
  scene: AvatarParent;
  /** The terrain's light (WorldScene.lightUniforms), so figures darken at night as it does. */
  light?: LightUniforms | null;
  /** The game's root element: the list and the chat go in it. */
  root: HTMLElement;
  /** Playing now (mouse captured, or touch play): T opens the chat only then. */
  isPlaying(): boolean;
  /** The figures moved: the next frame must be drawn though the camera did not move (WorldScene.invalidate). */
  redraw(): void;
  /** Asked before removing a player, who cannot come back (window.confirm by default). */
  confirm?(text: string): boolean;
  /** The clock figures' updates are timed by (performance.now by default): update(now) takes the same. */
  now?(): number;
  limits?: Readonly<NetLimits>;
  /** Where T is listened for (the root's document by default). */
  keys?: Pick<EventTarget, 'addEventListener' | 'removeEventListener'>;
  /** Builds the list and the chat (the real DOM ones by default). */
  ui?(hooks: PeopleUiHooks, log: ChatLog, limits: Readonly<NetLimits>): PeopleUi;
  /** The name tags' canvas (a DOM canvas by default). */
  createCanvas?: TagCanvasFactory;
}

export interface PeopleView {
  /** Shows `source`'s players and chat; `world`: its 'world' message, when it came before attaching. */
  attach(source: PeopleSource, world?: PeopleWorld): void;
  /** Stops showing the shared world's people (the world was closed). */
  detach(): void;
  /** Once a frame, before drawing: figures placed for `now`, chat faded, leaves told. */
  update(now: number): void;
  /** The chat input is open (for the game, e.g. the test API). */
  readonly typing: boolean;
  /** Frees everything. Safe to call twice. */
  dispose(): void;
}

const STATUS_TEXT: Readonly<Record<ConnectionStatus, string>> = { online: '', connecting: 'connecting…', reconnecting: 'reconnecting…', offline: 'offline' };

export function createPeopleView(deps: PeopleViewDeps): PeopleView {
  const limits = deps.limits ?? DEFAULT_NET_LIMITS;
  const now = deps.now ?? (() => performance.now());
  const log = new ChatLog();
  const avatars = new AvatarLayer(deps.scene, { light: deps.light ?? null, now, ...(deps.createCanvas ? { createCanvas: deps.createCanvas } : {}) });
  let source: PeopleSource | null = null;
  let offs: (() => void)[] = [];
  let world: PeopleWorld = { isOwner: false, policy: 'visitors', builders: [], playerId: '' };
  let builders = new Set<string>();
  let status: ConnectionStatus = 'offline';
  /** Each player's name by session, to redraw the list only when one changes. */
  const names = new Map<string, string>();
  let chatWhilePlaying = false;
  let disposed = false;

  const say = (text: string, kind: 'notice' | 'presence' = 'notice') => log.add({ kind, text, at: now() });
  const presence = new PresenceNotices((text) => say(text, 'presence'));

  const hooks: PeopleUiHooks = {
    setPolicy: (policy) => setRights(policy, [...builders]),
    setBuilder: (id, on) => setRights(world.policy, withBuilder(builders, id, on)),
    remove: (id, name) => {
      if (!source) return;
      if (!(deps.confirm ?? ((text) => window.confirm(text)))(`Remove ${name} from this world? They cannot join it again while it stays open.`)) return;
      if (!source.kick(id)) say('Not removed: not connected to the server.');
    },
    openChat: () => openChat(),
    send: (text) => {
      if (!source?.sendChat(text)) say('Not sent: not connected to the server.');
    },
    chatClosed: () => (chatWhilePlaying = false),
  };
  const ui = (deps.ui ?? domUi(deps.root))(hooks, log, limits);

  function setRights(policy: BuildPolicy, ids: string[]): void {
    if (!source || !world.isOwner) return;
    if (!source.setPolicy(policy, ids)) {
      say('Not changed: not connected to the server.');
      renderList(); // the controls go back to what is in force
      return;
    }
    world = { ...world, policy };
    builders = new Set(ids);
    renderList();
  }

  function renderList(): void {
    const players = source?.playerList() ?? [];
    const state: PeoplePanelState = {
      rows: peopleRows(players, { isOwner: world.isOwner, policy: world.policy, builders }),
      isOwner: world.isOwner,
      policy: world.policy,
      status: STATUS_TEXT[status],
    };
    ui.panel.render(state);
  }

  function openChat(): void {
    if (!source || disposed || ui.chat.isOpen) return;
    chatWhilePlaying = deps.isPlaying();
    ui.chat.open();
  }

  function setWorld(message: PeopleWorld): void {
    world = { isOwner: message.isOwner, policy: message.policy, builders: [...message.builders], playerId: message.playerId };
    builders = new Set(message.builders);
    presence.worldArrived(now());
    renderList();
  }

  const figure = (p: SharedPlayer) => ({ id: p.sessionId, name: p.name, x: p.x, y: p.y, z: p.z, yaw: p.yaw, pitch: p.pitch });

  function added(p: SharedPlayer): void {
    names.set(p.sessionId, p.name);
    if (!p.isSelf) avatars.add(figure(p));
    presence.added(p, now());
    renderList();
  }

  const onKeyDown = (event: Event) => {
    const e = event as KeyboardEvent;
    if (e.code !== 'KeyT' || e.repeat || e.ctrlKey || e.metaKey || e.altKey || e.defaultPrevented) return;
    if (!source || ui.chat.isOpen || isTextField(e.target) || !deps.isPlaying()) return;
    // Taken before the game hears it (capture phase), and no "t" typed into the input.
    e.preventDefault();
    e.stopPropagation();
    openChat();
  };
  const keys = deps.keys ?? deps.root.ownerDocument;
  keys.addEventListener('keydown', onKeyDown, true);

  const view: PeopleView = {
    attach(next, joined) {
      if (disposed) return;
      view.detach();
      source = next;
      status = next.status;
      offs = [
        next.on('playerAdd', added),
        next.on('playerChange', (p) => {
          if (!p.isSelf) avatars.change(figure(p));
          if (names.get(p.sessionId) === p.name) return;
          names.set(p.sessionId, p.name);
          renderList();
        }),
        next.on('playerRemove', (p) => {
          names.delete(p.sessionId);
          avatars.remove(p.sessionId);
          presence.removed(p, now());
          renderList();
        }),
        next.on('chat', (m) => void log.add({ kind: 'chat', name: m.name, text: m.text, at: now() })),
        next.on('notice', (text) => say(text)),
        next.on('status', (s) => {
          status = s;
          if (s !== 'online') presence.offline();
          renderList();
        }),
        next.on('world', (joinedWorld) => setWorld(joinedWorld.message)),
      ];
      if (joined) setWorld(joined);
      else presence.worldArrived(now());
      for (const p of next.playerList()) added(p);
      ui.panel.show(true);
      ui.chat.show(true);
      renderList();
    },
    detach() {
      for (const off of offs.splice(0)) off();
      source = null;
      names.clear();
      avatars.clear();
      presence.reset();
      log.clear();
      ui.chat.show(false);
      ui.panel.show(false);
      deps.redraw();
    },
    update(time) {
      if (disposed) return;
      if (avatars.update(time)) deps.redraw();
      presence.tick(time);
      // Esc while playing gives the mouse back (the browser's doing): the typing ends with the play.
      if (chatWhilePlaying && ui.chat.isOpen && !deps.isPlaying()) ui.chat.close();
      ui.chat.render(time);
    },
    get typing() {
      return ui.chat.isOpen;
    },
    dispose() {
      if (disposed) return;
      view.detach();
      disposed = true;
      keys.removeEventListener('keydown', onKeyDown, true);
      avatars.dispose();
      ui.chat.dispose();
      ui.panel.dispose();
    },
  };
  return view;
}

/** The real list and chat, in `root`. */
function domUi(root: HTMLElement) {
  return (hooks: PeopleUiHooks, log: ChatLog, limits: Readonly<NetLimits>): PeopleUi => ({
    panel: new PeoplePanel(root, hooks),
    chat: new ChatBox(root, log, limits.maxChatLength, { send: hooks.send, closed: hooks.chatClosed, nameColour: (name) => cssColour(figureColours(name).head) }),
  });
}

/** A key aimed at a text field is typing, not a shortcut. */
function isTextField(target: EventTarget | null): boolean {
  const t = target as HTMLElement | null;
  return !!t && (t.isContentEditable === true || ['INPUT', 'TEXTAREA', 'SELECT'].includes(t.tagName));
}
