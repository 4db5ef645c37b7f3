/**
 * The fullscreen button's icon: four corner brackets, drawn as SVG because the usual glyph
 * (⛶) is missing from many system fonts and would show as an empty box.
 */
const SVG_NS = 'http://www.w3.org/2000/svg';
const CORNERS = 'M3 8V3h5M16 3h5v5M21 16v5h-5M8 21H3v-5';

export function fullscreenIcon(): SVGSVGElement {
  const svg = document.createElementNS(SVG_NS, 'svg');
  svg.setAttribute('viewBox', '0 0 24 24');
  svg.setAttribute('class', 'fullscreen-icon');
  svg.setAttribute('aria-hidden', 'true');
  const path = document.createElementNS(SVG_NS, 'path');
  path.setAttribute('d', CORNERS);
  svg.appendChild(path);
  return svg;
}
