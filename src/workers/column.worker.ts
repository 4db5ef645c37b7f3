/// <reference lib="webworker" />
/**
 * Terrain worker: builds one column (generated, hashed, meshed) or one far LOD region
 * (sampled, meshed) per request and sends the mesh back as transferables. Failures are
 * replied as error messages so the pool can retry. Requests wait in a WorkerInbox, which
 * runs them one task each, edits' re-meshes first, and skips those the pool cancelled.
 */
import { buildColumn } from './build-column';
import { buildLodRegion } from './build-lod';
import { errorReplyTo, transferablesOf, type WorkerInMessage, type WorkerOutMessage } from './protocol';
import { WorkerInbox } from './worker-inbox';

const scope = self as unknown as DedicatedWorkerGlobalScope;
const now = () => performance.now();

// A MessageChannel task rather than setTimeout(0), which nested calls clamp to 4 ms.
const channel = new MessageChannel();
const steps: (() => void)[] = [];
channel.port1.onmessage = () => steps.shift()?.();

const inbox = new WorkerInbox({
  run(request) {
    try {
      const result = request.type === 'lod' ? buildLodRegion(request, now) : buildColumn(request, now);
      scope.postMessage(result satisfies WorkerOutMessage, transferablesOf(result));
    } catch (err) {
      scope.postMessage(errorReplyTo(request, err instanceof Error ? err.message : String(err)) satisfies WorkerOutMessage);
    }
  },
  notify(notice) {
    scope.postMessage(notice satisfies WorkerOutMessage);
  },
  schedule(step) {
    steps.push(step);
    channel.port2.postMessage(null);
  },
});

scope.onmessage = (event: MessageEvent<WorkerInMessage>) => inbox.receive(event.data);
