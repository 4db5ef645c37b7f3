/** The particle pool: gravity, resting on the ground, dying on time, packed live particles. */
import { describe, expect, it } from 'vitest';
import { ParticlePool, type ParticleSpawn } from '../../src/physics/particles';

const floorAtZero = (_x: number, y: number) => y < 0;
const bit = (over: Partial<ParticleSpawn> = {}): ParticleSpawn => ({ x: 0.5, y: 0.5, z: 0.5, vx: 0, vy: 0, vz: 0, life: 1, size: 0.1, tile: 3, u: 0.25, v: 0.5, light: 1, ...over });

describe('ParticlePool', () => {
  it('falls with gravity and comes to rest on the ground', () => {
    const pool = new ParticlePool({ gravity: 10 });
    pool.spawn(bit({ y: 2, vx: 1 }));
    pool.step(0.1, floorAtZero);
    expect(pool.vy[0]).toBeCloseTo(-1, 5);
    expect(pool.y[0]).toBeCloseTo(1.9, 5);
    expect(pool.x[0]).toBeCloseTo(0.6, 5);
    for (let i = 0; i < 8; i++) pool.step(0.1, floorAtZero);
    expect(pool.y[0]).toBe(0);
    expect(pool.vy[0]).toBe(0);
    expect(Math.abs(pool.vx[0]!)).toBeLessThan(1);
  });

  it('stops moving sideways into a wall', () => {
    const pool = new ParticlePool({ gravity: 0 });
    pool.spawn(bit({ vx: 5 }));
    pool.step(0.2, (x) => x >= 1);
    expect(pool.x[0]).toBe(0.5);
    expect(pool.vx[0]).toBe(0);
  });

  it('removes particles at the end of their life and keeps the live ones packed', () => {
    const pool = new ParticlePool({ gravity: 0 });
    pool.spawn(bit({ life: 0.1, tile: 1 }));
    pool.spawn(bit({ life: 1, tile: 2 }));
    pool.spawn(bit({ life: 0.1, tile: 3 }));
    pool.spawn(bit({ life: 1, tile: 4 }));
    pool.step(0.2, () => false);
    expect(pool.count).toBe(2);
    expect([...pool.tile.subarray(0, 2)].sort()).toEqual([2, 4]);
    expect(pool.fade(0)).toBeCloseTo(0.2, 5);
    for (let i = 0; i < 5; i++) pool.step(0.2, () => false);
    expect(pool.count).toBe(0);
  });

  it('holds at most its capacity', () => {
    const pool = new ParticlePool({ capacity: 3 });
    const made = [1, 2, 3, 4].map(() => pool.spawn(bit()));
    expect(made).toEqual([true, true, true, false]);
    expect(pool.count).toBe(3);
  });
});
