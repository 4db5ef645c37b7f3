/**
 * Keeps the draw worker's work bounded and the panels current (docs/architecture.md §10):
 * - at most one job per panel in flight; a request made meanwhile waits as that panel's
 *   single pending job, and a newer request replaces it (rapid slider input coalesces);
 * - a panel already showing, or already computing, the wanted state sends nothing;
 * - every reply is matched to its ticket; a reply for no live ticket, one older than what
 *   the panel shows, or one arriving after dispose() is stale and dropped (counted);
 * - a reply that is newer than what the panel shows is drawn even when a newer request is
 *   pending: while a slider is dragged each panel then shows the latest finished state
 *   instead of freezing until the dragging stops.
 * No Worker here: the transport is injected, so Node tests drive it by hand.
 */
import type { LabJob, LabJobMessage, LabReply, LabResult, PanelName } from './protocol';

export interface JobTicket {
  id: number;
  panel: PanelName;
  /** Identity of the state the job computes (equal keys give equal pictures). */
  key: string;
  /** performance.now() of the control change that asked for this state. */
  changedAt: number;
  job: LabJob;
}

export interface SchedulerHooks {
  post(message: LabJobMessage): void;
  deliver(result: LabResult, ticket: JobTicket, workerMs: number): void;
  fail(message: string, ticket: JobTicket): void;
}

interface PanelSlot {
  wantedKey: string | null;
  /** The key on screen (or whose job failed: retrying the same state would fail again). */
  shownKey: string | null;
  shownId: number;
  inFlight: JobTicket | null;
  pending: { key: string; job: LabJob; changedAt: number } | null;
}

export class JobScheduler {
  private nextId = 1;
  private readonly slots = new Map<PanelName, PanelSlot>();
  private disposed = false;
  /** Replies dropped as stale (see the file comment). */
  staleDropped = 0;
  /** Jobs posted to the worker. */
  posted = 0;

  constructor(private readonly hooks: SchedulerHooks) {}

  private slot(panel: PanelName): PanelSlot {
    let s = this.slots.get(panel);
    if (!s) {
      s = { wantedKey: null, shownKey: null, shownId: 0, inFlight: null, pending: null };
      this.slots.set(panel, s);
    }
    return s;
  }

  /** Asks for `panel` to show the state `key`, computed by `job`. */
  request(panel: PanelName, key: string, job: LabJob, changedAt: number): void {
    if (this.disposed) return;
    const s = this.slot(panel);
    s.wantedKey = key;
    if (s.inFlight) {
      // Back to the state being computed: nothing more to send after it.
      s.pending = s.inFlight.key === key ? null : { key, job, changedAt };
      return;
    }
    if (s.shownKey === key) return;
    this.send(panel, s, key, job, changedAt);
  }

  private send(panel: PanelName, s: PanelSlot, key: string, job: LabJob, changedAt: number): void {
    const ticket: JobTicket = { id: this.nextId++, panel, key, changedAt, job };
    s.inFlight = ticket;
    s.pending = null;
    this.posted++;
    this.hooks.post({ type: 'job', id: ticket.id, panel, job });
  }

  /** Handles a worker reply: deliver or drop it, then send the panel's pending job. */
  receive(reply: LabReply): void {
    if (this.disposed) {
      this.staleDropped++;
      return;
    }
    const s = this.slots.get(reply.panel);
    const ticket = s?.inFlight;
    if (!s || !ticket || ticket.id !== reply.id || reply.id < s.shownId) {
      this.staleDropped++;
      return;
    }
    s.inFlight = null;
    s.shownKey = ticket.key;
    s.shownId = ticket.id;
    if (reply.type === 'done') this.hooks.deliver(reply.result, ticket, reply.workerMs);
    else this.hooks.fail(reply.message, ticket);
    const next = s.pending;
    if (next && next.key !== s.shownKey && !this.disposed) this.send(reply.panel, s, next.key, next.job, next.changedAt);
    else s.pending = null;
  }

  /** True when `panel` shows the state last asked for and has nothing in flight or waiting. */
  isSettled(panel: PanelName): boolean {
    const s = this.slots.get(panel);
    return !s || (!s.inFlight && !s.pending && s.shownKey === s.wantedKey);
  }

  /** Jobs in flight now, over all panels (at most one per panel). */
  inFlightCount(): number {
    let n = 0;
    for (const s of this.slots.values()) if (s.inFlight) n++;
    return n;
  }

  /** Stops sending and drops every later reply. Safe to call twice. */
  dispose(): void {
    this.disposed = true;
    for (const s of this.slots.values()) s.pending = null;
  }
}
