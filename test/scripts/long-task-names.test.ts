import { describe, expect, it } from 'vitest';
import type { CdpProfile } from '../../scripts/lib/cpu-profile';
import { describeLongTask, eventLabel, nameLongTasks } from '../../scripts/lib/long-task-names';
import { mainThreadWork, type TraceEvent } from '../../scripts/lib/trace';

const ev = (name: string, ts: number, dur: number, data?: { functionName?: string; type?: string }): TraceEvent => ({
  ph: 'X',
  name,
  pid: 1,
  tid: 2,
  ts,
  dur,
  tdur: dur,
  ...(data ? { args: { data } } : {}),
});

// Times in microseconds. A short task, then a 70 ms frame task (a frame callback calling a
// function that ran 40 ms, 25 of them itself), then a 60 ms worker-message task.
const shortTask = ev('ThreadControllerImpl::RunTask', 0, 5_000);
const frameTask = ev('ThreadControllerImpl::RunTask', 10_000, 70_000);
const fire = ev('FireAnimationFrame', 11_000, 65_000);
const call = ev('FunctionCall', 12_000, 40_000, { functionName: 'frame' });
const nested = ev('FunctionCall', 20_000, 15_000, { functionName: 'apply' });
const messageTask = ev('ThreadControllerImpl::RunTask', 100_000, 60_000);
const dispatch = ev('EventDispatch', 100_500, 59_000, { type: 'message' });
const events = [shortTask, frameTask, fire, call, nested, messageTask, dispatch];

describe('long task names', () => {
  it('labels events with the function or event type the trace gives', () => {
    expect(eventLabel(call)).toBe('FunctionCall frame');
    expect(eventLabel(dispatch)).toBe('EventDispatch message');
    expect(eventLabel(fire)).toBe('FireAnimationFrame');
  });

  it('names only tasks over the threshold, by entry point and self time', () => {
    const tasks = [shortTask, frameTask, messageTask];
    const named = nameLongTasks(tasks, events, 50);
    expect(named.map((t) => t.wallMs)).toEqual([70, 60]);
    const [frameNamed, messageNamed] = named;
    expect(frameNamed!.atMs).toBe(10);
    expect(frameNamed!.entries).toEqual([{ name: 'FireAnimationFrame', ms: 65 }]);
    // Self times: FireAnimationFrame 65 - 40 = 25, frame 40 - 15 = 25, apply 15.
    expect(frameNamed!.selfEvents).toEqual(
      expect.arrayContaining([
        { name: 'FireAnimationFrame', ms: 25 },
        { name: 'FunctionCall frame', ms: 25 },
        { name: 'FunctionCall apply', ms: 15 },
      ]),
    );
    expect(frameNamed!.selfEvents).toHaveLength(3);
    expect(frameNamed!.selfFunctions).toBeNull();
    expect(messageNamed!.entries).toEqual([{ name: 'EventDispatch message', ms: 59 }]);
    expect(describeLongTask(messageNamed!)).toContain('EventDispatch message 59');
  });

  it('attributes profile samples to the task they fell in', () => {
    const node = (id: number, functionName: string, children: number[] = []) => ({ id, callFrame: { functionName, url: 'http://x/app.js', lineNumber: 9 }, children });
    const profile: CdpProfile & { startTime: number } = {
      startTime: 0,
      nodes: [node(1, '(root)', [2, 3]), node(2, 'apply'), node(3, 'onmessage')],
      // Sample k at time 10,000 * k; each lasts until the next.
      samples: [1, 2, 2, 3, 3, 3, 3, 1, 1, 1, 3, 3, 1, 1],
      timeDeltas: [0, 10_000, 10_000, 10_000, 10_000, 10_000, 10_000, 10_000, 10_000, 10_000, 10_000, 10_000, 10_000, 10_000],
    };
    const [frameNamed, messageNamed] = nameLongTasks([frameTask, messageTask], events, 50, profile);
    // Frame task [10 ms, 80 ms): samples at 10..70 ms: apply x2, onmessage x4, (root) x1.
    expect(frameNamed!.selfFunctions).toEqual([
      { name: 'onmessage app.js:10', ms: 40 },
      { name: 'apply app.js:10', ms: 20 },
      { name: '(root) app.js:10', ms: 10 },
    ]);
    // Message task [100 ms, 160 ms): samples at 100..130 ms, the last one's time not yet known.
    expect(messageNamed!.selfFunctions).toEqual([
      { name: 'onmessage app.js:10', ms: 20 },
      { name: '(root) app.js:10', ms: 10 },
    ]);
  });

  it('comes with the main-thread summary of a whole trace', () => {
    const trace = Buffer.from(JSON.stringify({ traceEvents: [{ ph: 'M', name: 'thread_name', pid: 1, tid: 2, ts: 0, args: { name: 'CrRendererMain' } }, ...events] }));
    const work = mainThreadWork(trace, 50);
    expect(work!.over50ms).toEqual([
      { wallMs: 70, cpuMs: 70 },
      { wallMs: 60, cpuMs: 60 },
    ]);
    expect(work!.longTasks.map((t) => t.entries[0]!.name)).toEqual(['FireAnimationFrame', 'EventDispatch message']);
  });
});
