/** The widget's two ways of making elements: its parts are built with these, never from HTML text. */

const SVG_NS = 'http://www.w3.org/2000/svg';

/** An icon of one 24x24 path, hidden from assistive technology (its button carries the name). */
export function icon(path: string): SVGSVGElement {
  const svg = document.createElementNS(SVG_NS, 'svg');
  svg.setAttribute('viewBox', '0 0 24 24');
  svg.setAttribute('aria-hidden', 'true');
  svg.setAttribute('fill', 'currentColor');
  const shape = svg.appendChild(document.createElementNS(SVG_NS, 'path'));
  shape.setAttribute('d', path);
  return svg;
}

export function element<K extends keyof HTMLElementTagNameMap>(tag: K, attributes: Record<string, string> = {}, text?: string): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) node.setAttribute(name, value);
  if (text !== undefined) node.textContent = text;
  return node;
}
