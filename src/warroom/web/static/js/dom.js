// Small helpers to build HTML and SVG nodes; text is always set as text, never parsed as markup.

const SVG_NS = "http://www.w3.org/2000/svg";

function fill(node, attrs, children) {
  for (const [key, value] of Object.entries(attrs || {})) {
    if (value === null || value === undefined || value === false) continue;
    if (key === "text") node.textContent = String(value);
    else if (key.startsWith("on") && typeof value === "function") node.addEventListener(key.slice(2), value);
    else node.setAttribute(key, value === true ? "" : String(value));
  }
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

/** An HTML element: h("button", {class: "primary", onclick: f}, "Start"). */
export function h(tag, attrs, ...children) {
  return fill(document.createElement(tag), attrs, children);
}

/** An SVG element: s("rect", {x: 0, y: 0, width: 10, height: 10}). */
export function s(tag, attrs, ...children) {
  return fill(document.createElementNS(SVG_NS, tag), attrs, children);
}

/** An SVG <title> (a tooltip) for a map piece. */
export function tip(text) {
  return s("title", {text});
}

export function clear(node) {
  while (node.firstChild) node.removeChild(node.firstChild);
  return node;
}

/** Numbers in SVG attributes, to two decimals. */
export function n(x) {
  return Math.round(x * 100) / 100;
}

export function pts(points, scale = 1) {
  return points.map(([x, y]) => `${n(x * scale)},${n(y * scale)}`).join(" ");
}

export function words(name) {
  return String(name).replaceAll("_", " ");
}
