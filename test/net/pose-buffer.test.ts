import { describe, expect, it } from 'vitest';
import { blendPose, PoseBuffer, shortestTurn, type Pose } from '../../src/net/pose-buffer';

const pose = (x: number, yaw = 0, more: Partial<Pose> = {}): Pose => ({ x, y: 70, z: 0, yaw, pitch: 0, ...more });

describe('shortestTurn', () => {
  it('turns the short way round, across ±π', () => {
    expect(shortestTurn(0, 1)).toBeCloseTo(1);
    expect(shortestTurn(3, -3)).toBeCloseTo(2 * Math.PI - 6);
    expect(shortestTurn(-3, 3)).toBeCloseTo(6 - 2 * Math.PI);
    expect(shortestTurn(0, 4 * Math.PI + 0.5)).toBeCloseTo(0.5);
  });
});

describe('PoseBuffer', () => {
  it('has nothing to draw before a pose arrives', () => {
    expect(new PoseBuffer().sample(1000)).toBeNull();
  });

  it('draws 100 ms behind, blending the two poses around that time', () => {
    const buffer = new PoseBuffer();
    buffer.push(pose(0), 1000);
    buffer.push(pose(1), 1100);
    buffer.push(pose(3), 1200);
    expect(buffer.sample(1150)!.x).toBeCloseTo(0.5);
    expect(buffer.sample(1200)!.x).toBeCloseTo(1);
    expect(buffer.sample(1250)!.x).toBeCloseTo(2);
  });

  it('holds the first pose before the history starts and the last once updates stop', () => {
    const buffer = new PoseBuffer();
    buffer.push(pose(5), 1000);
    expect(buffer.sample(900)!.x).toBe(5);
    buffer.push(pose(6), 1100);
    expect(buffer.sample(1000)!.x).toBe(5);
    expect(buffer.sample(5000)!.x).toBe(6);
    expect(buffer.sample(9000)!.x).toBe(6);
  });

  it('turns the yaw the short way across the wrap-around', () => {
    const buffer = new PoseBuffer();
    buffer.push(pose(0, Math.PI - 0.1), 0);
    buffer.push(pose(0, -Math.PI + 0.1), 100);
    const halfway = buffer.sample(150)!.yaw;
    // Halfway along the 0.2 rad arc through π, not through 0.
    expect(Math.abs(shortestTurn(halfway, Math.PI))).toBeLessThan(1e-9);
  });

  it('snaps to a pose many blocks away instead of sliding there', () => {
    const buffer = new PoseBuffer();
    buffer.push(pose(0), 0);
    buffer.push(pose(1), 100);
    buffer.push(pose(500), 200);
    expect(buffer.size).toBe(1);
    expect(buffer.sample(150)!.x).toBe(500);
    expect(buffer.sample(250)!.x).toBe(500);
  });

  it('puts a late arrival in its place in time', () => {
    const buffer = new PoseBuffer();
    buffer.push(pose(0), 0);
    buffer.push(pose(4), 200);
    buffer.push(pose(1), 100);
    expect(buffer.sample(200)!.x).toBeCloseTo(1);
    expect(buffer.sample(250)!.x).toBeCloseTo(2.5);
  });

  it('a pose at a time it already has replaces it, one before all it has goes first', () => {
    const buffer = new PoseBuffer();
    buffer.push(pose(2), 100);
    buffer.push(pose(3), 100);
    buffer.push(pose(1), 0);
    expect(buffer.size).toBe(2);
    expect(buffer.sample(150)!.x).toBeCloseTo(2);
  });

  it('keeps at most its capacity, and drops what is behind the drawn time', () => {
    const buffer = new PoseBuffer({ capacity: 4 });
    for (let i = 0; i < 10; i++) buffer.push(pose(i * 0.1), i * 100);
    expect(buffer.size).toBe(4);
    buffer.sample(950);
    expect(buffer.size).toBe(2);
    expect(buffer.sample(950)!.x).toBeCloseTo(0.85);
  });

  it('blends pitch and height linearly', () => {
    const out = blendPose(pose(0, 0, { y: 10, pitch: -1 }), pose(2, 0, { y: 20, pitch: 1 }), 0.25);
    expect(out).toMatchObject({ x: 0.5, y: 12.5, pitch: -0.5 });
  });
});
