/** FlyControls without a browser: actions in, a moved CameraPose out. */
import { describe, expect, it } from 'vitest';
import { lookDirection, PITCH_LIMIT } from '../../src/app/camera-pose';
import { FlyControls } from '../../src/app/fly-controls';
import { actionOfKey, DEFAULT_KEY_BINDINGS, slotOfKey } from '../../src/app/key-bindings';

const pose = (yaw = 0) => ({ x: 0, y: 100, z: 0, yaw, pitch: 0 });

function hold(controls: FlyControls, seconds: number): void {
  for (let t = 0; t < seconds; t += 1 / 60) controls.update(1 / 60);
}

describe('FlyControls', () => {
  it('flies where the camera looks: forward is -z at yaw 0, right is +x', () => {
    const p = pose();
    const c = new FlyControls(p);
    c.setHeld('forward', true);
    hold(c, 1);
    expect(p.z).toBeLessThan(-15);
    expect(Math.abs(p.x)).toBeLessThan(1e-9);
    c.releaseAll();
    c.stop();
    const z = p.z;
    c.setHeld('right', true);
    hold(c, 1);
    expect(p.x).toBeGreaterThan(15);
    expect(p.z).toBeCloseTo(z, 9);
  });

  it('turning left (yaw + 90°) makes forward point to -x, as the camera shows it', () => {
    const p = pose(Math.PI / 2);
    const c = new FlyControls(p);
    c.setHeld('forward', true);
    hold(c, 1);
    expect(p.x).toBeLessThan(-15);
    const d = lookDirection(p.yaw, 0);
    expect(d.x).toBeCloseTo(-1, 9);
  });

  it('diagonals are no faster than straight lines, and sprint multiplies the speed', () => {
    const straight = pose();
    const a = new FlyControls(straight);
    a.setHeld('forward', true);
    hold(a, 2);
    const diagonal = pose();
    const b = new FlyControls(diagonal);
    for (const action of ['forward', 'right', 'up'] as const) b.setHeld(action, true);
    hold(b, 2);
    expect(Math.hypot(diagonal.x, diagonal.y - 100, diagonal.z)).toBeCloseTo(Math.abs(straight.z), 6);
    b.setHeld('sprint', true);
    expect(b.currentSpeed).toBe(b.options.speed * b.options.sprintFactor);
  });

  it('stops when the keys are released, and releaseAll lets go of everything', () => {
    const p = pose();
    const c = new FlyControls(p);
    c.setHeld('forward', true);
    c.setHeld('up', true);
    hold(c, 0.5);
    c.releaseAll();
    hold(c, 3);
    const at = { ...p };
    hold(c, 1);
    expect(p).toEqual(at);
  });

  it('mouse look turns and tilts, and the pitch stops short of straight up or down', () => {
    const p = pose();
    const c = new FlyControls(p, { lookSensitivity: 0.002 });
    c.look(100, 0);
    expect(p.yaw).toBeCloseTo(-0.2, 12); // moving the mouse right turns right
    c.look(0, -1e6);
    expect(p.pitch).toBe(PITCH_LIMIT);
    c.look(0, 1e6);
    expect(p.pitch).toBe(-PITCH_LIMIT);
  });

  it('the wheel changes speed within its range and ignores junk', () => {
    const c = new FlyControls(pose(), { speed: 24, minSpeed: 2, maxSpeed: 400 });
    c.wheel(-100);
    expect(c.options.speed).toBeCloseTo(24 * 1.15, 9);
    for (let i = 0; i < 100; i++) c.wheel(100);
    expect(c.options.speed).toBe(2);
    for (let i = 0; i < 100; i++) c.wheel(-1);
    expect(c.options.speed).toBe(400);
    c.wheel(Number.NaN);
    c.wheel(0);
    expect(c.options.speed).toBe(400);
  });

  it('a zero or bad time step moves nothing', () => {
    const p = pose();
    const c = new FlyControls(p);
    c.setHeld('forward', true);
    for (const dt of [0, -1, Number.NaN]) c.update(dt);
    expect(p).toEqual(pose());
  });
});

describe('key bindings', () => {
  it('maps physical keys to actions and digits to hotbar slots', () => {
    expect(actionOfKey(DEFAULT_KEY_BINDINGS, 'KeyW')).toBe('forward');
    expect(actionOfKey(DEFAULT_KEY_BINDINGS, 'ShiftRight')).toBe('down');
    expect(actionOfKey(DEFAULT_KEY_BINDINGS, 'KeyQ')).toBe('sprint');
    expect(actionOfKey(DEFAULT_KEY_BINDINGS, 'KeyZ')).toBeNull();
    expect(slotOfKey('Digit1')).toBe(0);
    expect(slotOfKey('Digit9')).toBe(8);
    expect(slotOfKey('Digit0')).toBeNull();
    expect(slotOfKey('Numpad1')).toBeNull();
  });

  it('binds no key to two actions', () => {
    const all = Object.values(DEFAULT_KEY_BINDINGS).flat();
    expect(all.length).toBeGreaterThan(0);
    expect(new Set(all).size).toBe(all.length);
  });
});
