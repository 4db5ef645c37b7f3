/**
 * Frame timing: the step the world advances by and the frame rate the HUD shows come from
 * real frame times, so a slow device moves at the speed the HUD promises.
 */
import { describe, expect, it } from 'vitest';
import { FrameClock } from '../../../src/app/frame/frame-clock';
import { PlayerController } from '../../../src/controls/player-controller';
import { Cell } from '../../../src/physics';

/** Holds W for `seconds` at `fps` frames per second, flying through open sky; returns the distance flown. */
function flyForward(fps: number, seconds: number): number {
  const pose = { x: 0, y: 100, z: 0, yaw: 0, pitch: 0 };
  const controls = new PlayerController(pose, 'fly', { flySpeed: 24 });
  const clock = new FrameClock();
  controls.setHeld('forward', true);
  const frameMs = 1000 / fps;
  clock.tick(0);
  for (let t = frameMs; t <= seconds * 1000 + 1e-6; t += frameMs) controls.update(clock.tick(t), () => Cell.Empty, false);
  return Math.hypot(pose.x, pose.z);
}

describe('FrameClock', () => {
  it('holding W for 3 s at 24 blocks/s covers about 72 blocks at 60 fps and at 4.6 fps alike', () => {
    const smooth = flyForward(60, 3);
    const slow = flyForward(4.6, 3);
    // The easing toward full speed costs about speed / responsiveness = 2.4 blocks.
    expect(smooth).toBeGreaterThan(68);
    expect(smooth).toBeLessThanOrEqual(72);
    // 4.6 fps covers 2.8 s in 13 whole frames, and the camera is drawn up to a physics step behind.
    expect(slow).toBeGreaterThan(64);
    expect(slow).toBeLessThanOrEqual(72);
  });

  it('reports the real frame rate, below 10 fps too', () => {
    for (const fps of [60, 30, 9, 4.6, 1.5]) {
      const clock = new FrameClock();
      for (let i = 0; i < 40; i++) clock.tick((i * 1000) / fps);
      expect(clock.fps).toBeCloseTo(fps, 5);
    }
  });

  it('steps by the true elapsed time, capping only a long pause such as a hidden tab', () => {
    const clock = new FrameClock({ maxStepSeconds: 1 });
    expect(clock.tick(1000)).toBe(0); // the first frame has nothing to measure
    expect(clock.tick(1217)).toBeCloseTo(0.217, 10);
    expect(clock.tick(1717)).toBeCloseTo(0.5, 10);
    expect(clock.tick(61_717)).toBe(1); // a minute away: one capped step, not a leap
    expect(clock.tick(61_733)).toBeCloseTo(0.016, 10);
  });

  it('starts the frame-rate window over after a pause', () => {
    const clock = new FrameClock();
    for (let i = 0; i < 30; i++) clock.tick(i * 10); // 100 fps
    clock.tick(60_000);
    clock.tick(60_050);
    clock.tick(60_100);
    expect(clock.fps).toBeCloseTo(20, 5);
  });

  it('says 0 fps before it has two frames, and never NaN', () => {
    const clock = new FrameClock();
    expect(clock.fps).toBe(0);
    clock.tick(5);
    expect(clock.fps).toBe(0);
    clock.tick(5);
    expect(clock.fps).toBe(0);
    expect(clock.tick(Number.NaN)).toBe(0);
    expect(Number.isNaN(clock.fps)).toBe(false);
  });
});

describe('frame clock after a pause', () => {
  it('reset makes the next frame a first one: no step, whatever the gap', () => {
    const clock = new FrameClock();
    clock.tick(0);
    clock.tick(16);
    clock.reset();
    expect(clock.tick(60_000)).toBe(0);
    expect(clock.tick(60_016)).toBeCloseTo(0.016);
  });
});
