/**
 * The lab's bench worker: times the workloads of `npm run bench` (src/bench) on a thread of
 * its own, so drawing never shares a thread with timing. The workloads are built once: a
 * second run ("measure again") times the same, already optimised code.
 */
import { timeWorkloads } from '../bench/harness';
import { noiseComparisons } from '../bench/noise-comparisons';
import { benchReport } from '../bench/report';
import type { BenchReply, BenchRequest } from './bench-protocol';

const scope = self as unknown as DedicatedWorkerGlobalScope;
const { workloads, comparisons } = noiseComparisons();
const now = () => performance.now();

scope.onmessage = (event: MessageEvent<BenchRequest>) => {
  const { id, options } = event.data;
  let reply: BenchReply;
  try {
    const times = timeWorkloads(workloads, now, options, (round) => {
      scope.postMessage({ type: 'progress', id, round: round + 1, rounds: options.rounds } satisfies BenchReply);
    });
    reply = { type: 'done', id, report: benchReport(workloads, comparisons, times) };
  } catch (err) {
    reply = { type: 'error', id, message: err instanceof Error ? err.message : String(err) };
  }
  scope.postMessage(reply);
};
