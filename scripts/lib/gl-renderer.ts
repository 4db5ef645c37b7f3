/**
 * Which GL the bench's Chromium really draws with. `--gpu` asks for hardware GL, but a machine
 * without a usable GPU (or driver) gives software GL or no WebGL at all, and figures taken on
 * SwiftShader must never pass for GPU figures: the renderer is read back from WebGL
 * (WEBGL_debug_renderer_info) and written into the JSON and on stderr, and when the hardware
 * launch has no WebGL 2 the bench falls back to SwiftShader and says so instead of failing.
 */
import type { Browser } from 'playwright-core';
import { isSoftwareRenderer } from '../../src/render/software-renderer';
import { CHROMIUM_ARGS, gpuChromiumArgs, launchChromium } from '../../test/support/browser';
import { log } from './log';

export interface GlRenderer {
  /** What was asked for: SwiftShader (the default) or hardware GL (`--gpu`). */
  requested: 'swiftshader' | 'gpu';
  /** UNMASKED_RENDERER_WEBGL and UNMASKED_VENDOR_WEBGL of a WebGL 2 context, null without one. */
  renderer: string | null;
  vendor: string | null;
  /** Whether that renderer is a GPU (not SwiftShader, llvmpipe or another software rasterizer). */
  hardware: boolean;
  /** The Chromium flags of the browser the figures come from. */
  args: string[];
  /** One line for people: what the figures were measured on. */
  summary: string;
}

/** The WebGL 2 renderer and vendor strings of a blank page of `browser`, or nulls without WebGL 2. */
export async function readRenderer(browser: Browser): Promise<{ renderer: string | null; vendor: string | null }> {
  const page = await browser.newPage();
  try {
    return await page.evaluate(() => {
      const gl = document.createElement('canvas').getContext('webgl2');
      if (!gl) return { renderer: null, vendor: null };
      const info = gl.getExtension('WEBGL_debug_renderer_info');
      const renderer = String(gl.getParameter(info ? info.UNMASKED_RENDERER_WEBGL : gl.RENDERER));
      const vendor = String(gl.getParameter(info ? info.UNMASKED_VENDOR_WEBGL : gl.VENDOR));
      gl.getExtension('WEBGL_lose_context')?.loseContext();
      return { renderer, vendor };
    });
  } finally {
    await page.close();
  }
}

export function describeRenderer(requested: GlRenderer['requested'], found: { renderer: string | null; vendor: string | null }, fellBack: boolean): string {
  if (!found.renderer) return 'no WebGL 2 at all';
  const software = isSoftwareRenderer(found.renderer);
  if (requested === 'swiftshader') return `${found.renderer} (software WebGL on the CPU, as asked)`;
  if (!software) return `${found.renderer} (hardware GL)`;
  return `${found.renderer}: no hardware GL available${fellBack ? ' (the hardware-GL launch had no WebGL 2; relaunched with SwiftShader)' : ''}: these are software figures`;
}

export type GpuBackend = Parameters<typeof gpuChromiumArgs>[0];

/**
 * Launches the bench's Chromium: SwiftShader, or with a `gpu` backend the hardware-GL flags,
 * falling back to SwiftShader when those give no WebGL 2. Logs and returns what it got.
 */
export async function launchBenchBrowser(gpu: GpuBackend | null): Promise<{ browser: Browser; gl: GlRenderer }> {
  const requested = gpu ? 'gpu' : 'swiftshader';
  let args = gpu ? gpuChromiumArgs(gpu) : CHROMIUM_ARGS;
  let browser = await launchChromium(args);
  let found = await readRenderer(browser);
  let fellBack = false;
  if (gpu && !found.renderer) {
    log('GL: the hardware-GL launch has no WebGL 2; relaunching with SwiftShader');
    await browser.close();
    args = CHROMIUM_ARGS;
    browser = await launchChromium(args);
    found = await readRenderer(browser);
    fellBack = true;
  }
  if (!found.renderer) {
    await browser.close();
    throw new Error('no WebGL 2 in Chromium, with or without a GPU: the game cannot run');
  }
  const summary = describeRenderer(requested, found, fellBack);
  log(`GL renderer: ${summary}`);
  return {
    browser,
    gl: { requested, renderer: found.renderer, vendor: found.vendor, hardware: !isSoftwareRenderer(found.renderer), args: [...args], summary },
  };
}
