/* The camera page: what the camera is doing with the dice and the latest reading, live from /stream/reading. */
"use strict";
(function () {
  // The picture: while the camera has none to show (lost, not opened yet) the stream answers 503 at once and the
  // page says "no picture" in its place; it is asked for again every few seconds and shown once it comes. A stream
  // ends after the server's STREAM_MAX_SECONDS (a tab left open holds no server thread for ever): opened again then.
  // A camera lost while its picture is shown is said by /stream/reading ("camera" messages, see cameraLost below):
  // the stream ends then without a word to the image, which would keep showing the last frame as if live.
  let cameraLost = function () {};
  (function () {
    const picture = document.getElementById("picture");
    const none = document.getElementById("no-picture");
    if (!picture || !none) return;
    const RETRY_MS = 3000;
    const lifetimeMs = (parseFloat(picture.dataset.lifetime) || 600) * 1000;
    let renewal = null;
    function open() {
      window.clearTimeout(renewal);
      picture.src = picture.dataset.src + (picture.dataset.src.indexOf("?") < 0 ? "?" : "&") + "t=" + Date.now();
    }
    picture.addEventListener("load", function () {
      picture.hidden = false;
      none.hidden = true;
      window.clearTimeout(renewal);
      renewal = window.setTimeout(open, lifetimeMs);
    });
    picture.addEventListener("error", function () {
      picture.hidden = true;
      none.hidden = false;
      window.clearTimeout(renewal);
      renewal = window.setTimeout(open, RETRY_MS);
    });
    if (!picture.getAttribute("src")) renewal = window.setTimeout(open, RETRY_MS);
    cameraLost = function () {
      if (picture.hidden) return; // "no picture" is shown already, and asked for again in turn
      picture.removeAttribute("src");
      picture.hidden = true;
      none.hidden = false;
      window.clearTimeout(renewal);
      renewal = window.setTimeout(open, RETRY_MS);
    };
  })();

  const list = document.getElementById("reading");
  const phase = document.getElementById("phase");
  const light = document.getElementById("light");
  const outside = document.getElementById("outside");
  if (!list || !window.EventSource) return;
  const texts = JSON.parse(document.getElementById("texts").textContent);
  const text = function (key, n) { return (texts[key] || key).replace("{n}", n); };
  // A value read under this confidence is a guess: the game asks the table for it (vision.reading.SURE_VALUE).
  const diceData = JSON.parse(document.getElementById("dice-data").textContent);

  // Same rule as companion.web.language.phase_text, which renders the page's first state.
  function phaseText(reading) {
    if (reading.is_waiting_for_clear_view) return texts["page.camera.unclear_die"];
    return texts["page.camera.phase." + reading.phase] || "";
  }

  function showPhase(reading) {
    if (!phase) return;
    phase.dataset.phase = reading.phase || "";
    const wanted = phaseText(reading);
    // Rewriting the same words would make some screen readers announce them again at every frame.
    if (phase.textContent !== wanted) phase.textContent = wanted;
  }

  // Same rule as companion.web.language.zone_text, which renders the page's first reading: where a die lies, empty on
  // the open table; "player:<colour>" and "kali:<colour>" say the colour's name, any other zone is quoted as named.
  const zoneKinds = { player: "page.camera.zone.player", kali: "page.camera.zone.kali" };
  function zoneText(zone) {
    if (!zone || zone === "table") return "";
    const colon = zone.indexOf(":");
    const kind = colon < 0 ? zone : zone.slice(0, colon);
    const color = colon < 0 ? "" : zone.slice(colon + 1);
    if (Object.prototype.hasOwnProperty.call(zoneKinds, kind) && color) {
      return (texts[zoneKinds[kind]] || "").replace("{color}", texts["color." + color] || color);
    }
    return (texts["page.camera.zone.other"] || "").replace("{name}", zone);
  }

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
      confidence.textContent = text("page.camera.confidence_percent", Math.round((die.confidence || 0) * 100));
      const where = zoneText(die.zone);
      if (where) {
        const zone = document.createElement("span");
        zone.className = "muted small reading__zone";
        zone.textContent = where;
        label.append(document.createElement("br"), zone);
      }
      item.append(label, confidence);
      if (die.value !== null && (die.confidence || 0) < diceData.sure_value) {
        const guess = document.createElement("span");
        guess.className = "small reading__guess";
        guess.textContent = texts["page.camera.guess"];
        item.append(guess);
      }
      return item;
    });
    if (!items.length) {
      const empty = document.createElement("li");
      empty.className = "muted";
      // Dice in motion are not read: "none seen" would belie the picture beside it.
      empty.textContent = texts[reading.phase === "rolling" ? "page.camera.no_dice_rolling" : "page.camera.no_dice"];
      items.push(empty);
    }
    list.replaceChildren.apply(list, items);
  }

  // Same rule as companion.web.language.is_dim: the frame was too dim and was brightened to be read.
  function showLight(reading) {
    if (light) light.hidden = (reading.warnings || []).indexOf("dim_light") < 0;
  }

  // Same rule as companion.web.language.outside_table_text: dice whose centre lies off the table's area were left
  // out of the reading (vision/zones.py), the singular text for a count the page's language says in the singular.
  const plural = window.Intl && Intl.PluralRules ? new Intl.PluralRules(document.documentElement.lang || "en") : null;
  function showOutside(reading) {
    if (!outside) return;
    const warning = (reading.warnings || []).find(function (w) { return /^dice_outside_table:[0-9]+$/.test(w); });
    const count = warning ? parseInt(warning.split(":")[1], 10) : 0;
    outside.hidden = count <= 0;
    if (count <= 0) return;
    const singular = plural ? plural.select(count) === "one" : count === 1;
    const wanted = text("page.camera.outside_table" + (singular ? "_one" : ""), count);
    if (outside.textContent !== wanted) outside.textContent = wanted;
  }

  const stream = new EventSource(list.dataset.streamUrl);
  stream.addEventListener("camera", function (event) {
    if (JSON.parse(event.data).lost) cameraLost();
  });
  stream.addEventListener("reading", function (event) {
    const reading = JSON.parse(event.data);
    showPhase(reading);
    showLight(reading);
    showOutside(reading);
    show(reading);
  });
})();
