/**
 * The scene's sky and light at a time of day, in Node (three's scene objects need no WebGL):
 * what the voxel materials are given, and the under-water fog winning over the time's.
 */
import * as THREE from 'three';
import { describe, expect, it } from 'vitest';
import { DaySky, SKY_COLOR, IN_LAVA_FOG, UNDER_WATER_FOG } from '../../src/render/day-sky';
import { MOONLIGHT_FLOOR } from '../../src/render/sky-palette';
import { createVoxelMaterial } from '../../src/render/voxel-material';

const tiles = new THREE.DataArrayTexture(new Uint8Array(4), 1, 1, 1);

function setUp(hours: number) {
  const scene = new THREE.Scene();
  const day = new DaySky(scene, hours);
  return { scene, day, fog: scene.fog as THREE.Fog, background: scene.background as THREE.Color };
}

describe('day sky', () => {
  it('at noon shows the sky colour the game always had, and gives materials full daylight from above', () => {
    const { day, fog, background } = setUp(12);
    expect(fog.color.getHex()).toBe(SKY_COLOR);
    expect(background.getHex()).toBe(SKY_COLOR);
    const material = createVoxelMaterial({ tiles, translucent: false });
    day.light(material);
    expect(material.uniforms.daylight!.value).toBe(1);
    expect((material.uniforms.sunDirection!.value as THREE.Vector3).y).toBeGreaterThan(0.9);
  });

  it('at midnight the fog darkens, the light comes from the moon above, and the daylight is the moonlit floor', () => {
    const { day, fog } = setUp(0);
    expect(fog.color.r + fog.color.g + fog.color.b).toBeLessThan(0.1);
    const material = createVoxelMaterial({ tiles, translucent: false, lod: true });
    day.light(material);
    expect(material.uniforms.daylight!.value).toBe(MOONLIGHT_FLOOR);
    expect((material.uniforms.sunDirection!.value as THREE.Vector3).y).toBeGreaterThan(0.9); // the moon, overhead
    const sun = material.uniforms.sunColor!.value as THREE.Color;
    expect(sun.b).toBeGreaterThan(sun.r); // bluish
  });

  it('reports a change only when the time shown changes, and ignores a time that is no number', () => {
    const { day } = setUp(10);
    expect(day.setTime(10)).toBe(false);
    expect(day.setTime(34)).toBe(false); // the same hour a day later
    expect(day.setTime(Number.NaN)).toBe(false);
    expect(day.time).toBe(10);
    expect(day.setTime(18.5)).toBe(true);
    expect(day.time).toBe(18.5);
  });

  it('under water the short blue fog wins over the time of day, and leaving the water brings back the fog of the time', () => {
    const { day, fog, background, scene } = setUp(12);
    day.setFogReach(64, 128);
    expect(day.setUnderWater(true)).toBe(true);
    expect(day.setUnderWater(true)).toBe(false);
    expect(fog.color.getHex()).toBe(UNDER_WATER_FOG.color);
    expect([fog.near, fog.far]).toEqual([UNDER_WATER_FOG.near, UNDER_WATER_FOG.far]);
    const dome = scene.getObjectByName('sky')!;
    expect(dome.visible).toBe(false);
    day.setTime(0); // night falls while the eye is in water: still water, darker
    expect(dome.visible).toBe(false);
    expect([fog.near, fog.far]).toEqual([UNDER_WATER_FOG.near, UNDER_WATER_FOG.far]);
    const water = new THREE.Color(UNDER_WATER_FOG.color);
    expect(fog.color.b).toBeGreaterThan(fog.color.r);
    expect(fog.color.b).toBeLessThan(water.b);
    expect(background.equals(fog.color)).toBe(true);
    day.setUnderWater(false);
    expect(dome.visible).toBe(true);
    expect([fog.near, fog.far]).toEqual([64, 128]);
    expect(fog.color.r + fog.color.g + fog.color.b).toBeLessThan(0.1); // the night's horizon
  });

  it('in lava a short glowing orange fog closes the view in, night or day, over the water\'s', () => {
    const { day, fog } = setUp(0);
    const dome = day.dome.mesh;
    expect(day.setInLava(true)).toBe(true);
    expect(day.setInLava(true)).toBe(false);
    day.setUnderWater(true);
    expect(fog.color.getHex()).toBe(IN_LAVA_FOG.color);
    expect([fog.near, fog.far]).toEqual([IN_LAVA_FOG.near, IN_LAVA_FOG.far]);
    expect(dome.visible).toBe(false);
    day.setInLava(false);
    expect([fog.near, fog.far]).toEqual([UNDER_WATER_FOG.near, UNDER_WATER_FOG.far]);
    day.setUnderWater(false);
    expect(dome.visible).toBe(true);
  });
});
