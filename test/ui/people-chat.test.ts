import { describe, expect, it } from 'vitest';
import { ChatLog } from '../../src/ui/chat-log';
import { peopleRows, rowLabel, withBuilder } from '../../src/ui/people-rows';

describe('ChatLog', () => {
  it('shows a line fully for 10 s, then fades it out over a second', () => {
    const log = new ChatLog();
    const line = log.add({ kind: 'chat', name: 'Ann', text: 'hi', at: 1000 });
    expect(log.opacity(line, 1000, false)).toBe(1);
    expect(log.opacity(line, 11_000, false)).toBe(1);
    expect(log.opacity(line, 11_500, false)).toBeCloseTo(0.5);
    expect(log.opacity(line, 12_000, false)).toBe(0);
    expect(log.opacity(line, 60_000, true)).toBe(1);
  });

  it('keeps the newest lines only, each with its own id', () => {
    const log = new ChatLog({ maxLines: 2 });
    const ids = ['a', 'b', 'c'].map((text) => log.add({ kind: 'notice', text, at: 0 }).id);
    expect(new Set(ids).size).toBe(3);
    expect(log.lines.map((l) => l.text)).toEqual(['b', 'c']);
  });
});

describe('peopleRows', () => {
  const people = [
    { id: 'z', name: 'Zed', isSelf: false },
    { id: 'me', name: 'Me', isSelf: true },
    { id: 'a', name: 'Ann', isSelf: false },
    { id: 'a', name: 'Ann', isSelf: false },
  ];

  it('lists this player first, then by name, once per player', () => {
    const rows = peopleRows(people, { isOwner: false, policy: 'visitors', builders: new Set() });
    expect(rows.map(rowLabel)).toEqual(['Me (you)', 'Ann', 'Zed']);
    expect(rows.every((r) => r.mayBuild && !r.showRemove && !r.showBuildToggle)).toBe(true);
  });

  it("gives the owner a Remove on others' rows, and May build under invited builders", () => {
    const rows = peopleRows(people, { isOwner: true, policy: 'invited', builders: new Set(['z']) });
    expect(rows.map(rowLabel)).toEqual(['Me (you, owner)', 'Ann', 'Zed']);
    expect(rows.map((r) => [r.mayBuild, r.showBuildToggle, r.showRemove])).toEqual([[true, false, false], [false, true, true], [true, true, true]]);
  });

  it('a visitor under invited builders sees who may build', () => {
    const rows = peopleRows(people, { isOwner: false, policy: 'invited', builders: new Set(['me']) });
    expect(rows.map((r) => r.mayBuild)).toEqual([true, false, false]);
  });

  it('marks the owner the room names, for everyone, with no controls on their row', () => {
    const withOwner = [...people, { id: 'o', name: 'Olga', isSelf: false, isOwner: true }];
    const visitor = peopleRows(withOwner, { isOwner: false, policy: 'invited', builders: new Set() });
    expect(visitor.map(rowLabel)).toEqual(['Me (you)', 'Ann', 'Olga (owner)', 'Zed']);
    expect(visitor[2]!.mayBuild).toBe(true);
    const coOwner = peopleRows(withOwner, { isOwner: true, policy: 'invited', builders: new Set() });
    expect(coOwner[2]).toMatchObject({ showRemove: false, showBuildToggle: false });
  });

  it('withBuilder adds and takes away one id', () => {
    expect(withBuilder(new Set(['a']), 'b', true).sort()).toEqual(['a', 'b']);
    expect(withBuilder(new Set(['a', 'b']), 'a', false)).toEqual(['b']);
  });
});
