/* Drawing dice as SVG in the browser, with the same pips and colours as the server (from #dice-data). */
"use strict";
window.Dice = (function () {
  const source = document.getElementById("dice-data");
  const data = source ? JSON.parse(source.textContent) : { pips: {}, styles: {}, unknown: {} };
  const NS = "http://www.w3.org/2000/svg";

  function style(color) {
    return data.styles[color] || data.unknown;
  }

  function draw(value, color, size, label) {
    const s = style(color);
    const svg = document.createElementNS(NS, "svg");
    svg.setAttribute("viewBox", "0 0 100 100");
    svg.setAttribute("width", size);
    svg.setAttribute("height", size);
    svg.setAttribute("class", "die");
    svg.setAttribute("role", "img");
    svg.setAttribute("aria-label", label || "");
    const face = document.createElementNS(NS, "rect");
    for (const [k, v] of [["x", 5], ["y", 5], ["width", 90], ["height", 90], ["rx", 20], ["fill", s.face],
                          ["stroke", s.edge], ["stroke-width", 4]]) {
      face.setAttribute(k, v);
    }
    svg.appendChild(face);
    for (const [cx, cy] of data.pips[String(value)] || []) {
      const pip = document.createElementNS(NS, "circle");
      pip.setAttribute("cx", cx);
      pip.setAttribute("cy", cy);
      pip.setAttribute("r", 9.5);
      pip.setAttribute("fill", s.pip);
      svg.appendChild(pip);
    }
    return svg;
  }

  return { draw: draw, style: style };
})();
