/**
 * Whether WebGL draws on the CPU: SwiftShader (Chrome without a usable GPU, or with its GPU
 * blocklisted), Mesa's llvmpipe, softpipe or lavapipe, Windows' Basic Render Driver. There, a backdrop
 * blur costs more than the world: the start screen's blur(2px) over the canvas is computed
 * again for every change beneath it, and one small HUD text changing three times a second
 * kept more than a core busy in Chromium's GPU process on an idle start screen (114% of one
 * core against 10% without the blur, on SwiftShader, 800 x 500). The game then leaves the
 * blur out (`html.software-gl` in base.css); the shade behind the card stays. The crosshair
 * there does not blend with the picture either (mix-blend-mode: difference has the compositor
 * draw the frame into a surface of its own and read it back: 16 ms of every frame).
 */
const SOFTWARE_RENDERERS = /swiftshader|llvmpipe|softpipe|lavapipe|software|basic render/i;

/** `renderer`: the WebGL renderer's name (UNMASKED_RENDERER_WEBGL where the browser tells it, else RENDERER). */
export function isSoftwareRenderer(renderer: string): boolean {
  return SOFTWARE_RENDERERS.test(renderer);
}

/**
 * The resolution the world is drawn at on a software renderer, as a fraction of the screen's:
 * a quarter of the pixels. On SwiftShader nearly all of a frame's cost is per pixel (sky and
 * terrain shading), so a frame costs about a quarter as much, which a player there feels more
 * than the softer picture.
 */
export const SOFTWARE_RENDER_SCALE = 0.5;

/** How the game draws on a software renderer, and what the panel tells the player about it. */
export interface SoftwareRendering {
  /** WorldSceneOptions.renderScale: SOFTWARE_RENDER_SCALE. */
  renderScale: number;
  /** For the panel: why the picture is softer and plainer here, and how to get it sharp. */
  note: string;
}

/** The software renderer's way of drawing for `renderer` (as isSoftwareRenderer reads it); null on a GPU. */
export function softwareRendering(renderer: string): SoftwareRendering | null {
  const name = SOFTWARE_RENDERERS.exec(renderer)?.[0];
  if (name === undefined) return null;
  return {
    renderScale: SOFTWARE_RENDER_SCALE,
    note:
      `This browser draws WebGL on the CPU (${name}), not on a GPU, so the world is drawn at half ` +
      'resolution and the menus without blur, to keep it moving. Turn on hardware acceleration ' +
      "in the browser's settings for a sharp picture.",
  };
}
