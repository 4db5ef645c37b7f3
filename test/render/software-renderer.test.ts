import { describe, expect, it } from 'vitest';
import { isSoftwareRenderer, SOFTWARE_RENDER_SCALE, softwareRendering } from '../../src/render/software-renderer';

describe('isSoftwareRenderer', () => {
  it('knows the renderers that draw on the CPU, by the names browsers report', () => {
    for (const name of [
      'ANGLE (Google, Vulkan 1.3.0 (SwiftShader Device (Subzero) (0x0000C0DE)), SwiftShader driver)',
      'Google SwiftShader',
      'llvmpipe (LLVM 15.0.6, 256 bits)',
      'ANGLE (Mesa, llvmpipe (LLVM 15.0.6 256 bits), OpenGL 4.5)',
      'softpipe',
      'llvmpipe, lavapipe (LLVM 15.0.6, 256 bits)',
      'ANGLE (Microsoft, Microsoft Basic Render Driver Direct3D11 vs_5_0 ps_5_0, D3D11)',
    ]) expect(isSoftwareRenderer(name), name).toBe(true);
  });

  it('takes GPUs, and a name it cannot read, for hardware', () => {
    for (const name of [
      'ANGLE (NVIDIA, NVIDIA GeForce RTX 3060 (0x00002504) Direct3D11 vs_5_0 ps_5_0, D3D11)',
      'ANGLE (Intel, Mesa Intel(R) UHD Graphics 620 (KBL GT2), OpenGL 4.6)',
      'Apple M1',
      'Adreno (TM) 640',
      'WebKit WebGL',
      '',
    ]) expect(isSoftwareRenderer(name), name).toBe(false);
  });
});

describe('softwareRendering', () => {
  it('draws at the software scale and tells the player why, naming the renderer', () => {
    const swiftShader = softwareRendering('ANGLE (Google, Vulkan 1.3.0 (SwiftShader Device (Subzero) (0x0000C0DE)), SwiftShader driver)');
    expect(swiftShader?.renderScale).toBe(SOFTWARE_RENDER_SCALE);
    expect(swiftShader?.note).toMatch(/^This browser draws WebGL on the CPU \(SwiftShader\), not on a GPU, so the world is drawn at half resolution/);
    expect(swiftShader?.note).toContain('hardware acceleration');
    expect(softwareRendering('llvmpipe (LLVM 15.0.6, 256 bits)')?.note).toContain('(llvmpipe)');
  });

  it('leaves a GPU alone: full resolution, nothing to say', () => {
    expect(softwareRendering('ANGLE (NVIDIA, NVIDIA GeForce RTX 3060 (0x00002504) Direct3D11 vs_5_0 ps_5_0, D3D11)')).toBeNull();
    expect(softwareRendering('')).toBeNull();
  });
});
