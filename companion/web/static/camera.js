/* The camera page: the latest reading as a list, live from /stream/reading. */
"use strict";
(function () {
  const list = document.getElementById("reading");
  if (!list || !window.EventSource) return;
  const texts = JSON.parse(document.getElementById("texts").textContent);
  const text = function (key, n) { return (texts[key] || key).replace("{n}", n); };

  function show(reading) {
    const items = (reading.dice || []).map(function (die) {
      const item = document.createElement("li");
      item.className = "reading__die";
      const name = (die.value === null ? "?" : die.value) + " · " + (texts["color." + die.color] || die.color || texts["color.unknown"]);
      item.appendChild(Dice.draw(die.value, die.color, 40, name));
      const label = document.createElement("span");
      label.textContent = name;
      const confidence = document.createElement("span");
      confidence.className = "muted small";
      confidence.textContent = text("page.camera.confidence", Math.round((die.confidence || 0) * 100));
      item.append(label, confidence);
      return item;
    });
    if (!items.length) {
      const empty = document.createElement("li");
      empty.className = "muted";
      empty.textContent = texts["page.camera.no_dice"];
      items.push(empty);
    }
    list.replaceChildren.apply(list, items);
  }

  const stream = new EventSource(list.dataset.streamUrl);
  stream.addEventListener("reading", function (event) { show(JSON.parse(event.data)); });
})();
