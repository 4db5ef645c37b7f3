/**
 * The room's edit, ack, refusal, chat and notice messages, turned into connection events
 * through the edit view: every message that changes what a block shows also says which.
 */
import type { Room } from '@colyseus/sdk';
import { SERVER_MESSAGE, type AckMessage, type ChatBroadcast, type EditsMessage, type NoticeMessage, type RefusedMessage, type SharedEditView } from '../../net';
import type { ConnectionEvents } from './connection-types';

export type Emit = <K extends keyof ConnectionEvents>(type: K, value: ConnectionEvents[K]) => void;

/** Listens to `room` until it is left (the SDK drops a left room's handlers). */
export function listenToRoom(room: Room, view: SharedEditView, emit: Emit, retryEditsLater: () => void): void {
  const blocks = (changes: ConnectionEvents['blocks']) => changes.length > 0 && emit('blocks', changes);
  room.onMessage(SERVER_MESSAGE.edits, (m: EditsMessage) => {
    const changes = view.edits(m.edits);
    emit('edits', m.edits);
    blocks(changes);
  });
  room.onMessage(SERVER_MESSAGE.ack, (m: AckMessage) => {
    const changes = view.ack(m.seq);
    emit('ack', m.seq);
    blocks(changes);
  });
  room.onMessage(SERVER_MESSAGE.refused, (m: RefusedMessage) => {
    const { outcome, changes } = view.refused(m);
    if (outcome.kind === 'unknown') return; // not one of ours any more (an older page's)
    if (m.retry) retryEditsLater();
    emit('refused', { edit: outcome.edit, reason: m.reason, retry: m.retry });
    blocks(changes);
  });
  room.onMessage(SERVER_MESSAGE.chat, (m: ChatBroadcast) => emit('chat', m));
  room.onMessage(SERVER_MESSAGE.notice, (m: NoticeMessage) => emit('notice', m.text));
}
