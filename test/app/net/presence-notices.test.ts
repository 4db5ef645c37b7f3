import { describe, expect, it } from 'vitest';
import { PresenceNotices } from '../../../src/app/net/presence-notices';

const ann = { id: 'ann', name: 'Ann', isSelf: false };

function notices() {
  const said: string[] = [];
  return { said, presence: new PresenceNotices((t) => said.push(t), { settleMs: 1000, leaveGraceMs: 2000 }) };
}

describe('PresenceNotices', () => {
  it('is quiet about the players already there when the world arrives', () => {
    const { said, presence } = notices();
    presence.worldArrived(0);
    presence.added(ann, 10);
    presence.added({ id: 'me', name: 'Me', isSelf: true }, 5000);
    expect(said).toEqual([]);
  });

  it('tells a join, and a leave once the grace ran out', () => {
    const { said, presence } = notices();
    presence.worldArrived(0);
    presence.added(ann, 5000);
    presence.removed(ann, 6000);
    presence.tick(7000);
    expect(said).toEqual(['Ann joined']);
    presence.tick(8000);
    expect(said).toEqual(['Ann joined', 'Ann left']);
    presence.added(ann, 9000);
    expect(said.at(-1)).toBe('Ann joined');
  });

  it('is quiet when another player reconnects, in either order', () => {
    const { said, presence } = notices();
    presence.worldArrived(0);
    presence.added(ann, 5000);
    presence.added(ann, 6000);
    presence.removed(ann, 6001);
    presence.removed(ann, 7000);
    presence.added(ann, 7500);
    presence.tick(20_000);
    expect(said).toEqual(['Ann joined']);
  });

  it('forgets the leaves of the moment this client drops', () => {
    const { said, presence } = notices();
    presence.worldArrived(0);
    presence.added(ann, 5000);
    presence.removed(ann, 6000);
    presence.offline();
    presence.tick(20_000);
    presence.worldArrived(20_000);
    presence.added(ann, 20_100);
    presence.tick(40_000);
    expect(said).toEqual(['Ann joined']);
  });
});
