/* The table page: live updates by Server-Sent Events, moves and corrections through the JSON API. */
"use strict";
(function () {
  const live = document.getElementById("live");
  if (!live) return;
  const texts = JSON.parse(document.getElementById("texts").textContent);
  const status = document.getElementById("live-status");
  const tray = document.getElementById("tray");
  const pad = document.getElementById("pad");
  const playButton = document.querySelector('[data-action="play-roll"]');
  let lastSeq = Number(live.dataset.seq);
  let color = (document.querySelector('[data-action="pick-color"]') || { dataset: {} }).dataset.color || null;
  let pending = [];
  let picked = null; // index of the die being corrected
  let busy = false;

  function text(key, params) {
    let value = texts[key] || key;
    for (const [name, v] of Object.entries(params || {})) value = value.replace("{" + name + "}", v);
    return value;
  }

  function game() {
    const root = live.querySelector(".live");
    return {
      seq: Number(root.dataset.seq),
      seat: root.dataset.seat === "" ? null : Number(root.dataset.seat),
      over: root.dataset.over === "true",
    };
  }

  /* ---- notices */
  const notice = document.getElementById("notice");
  function showError(error) {
    const details = (error && error.details) || {};
    const own = details.texts || {};
    const code = (error && error.code) || "other";
    document.getElementById("notice-title").textContent = texts["error." + code] ? text("error." + code) : text("error.other");
    document.getElementById("notice-reason").textContent = own.reason || own.question || "";
    document.getElementById("notice-cite").textContent = own.citation || "";
    notice.hidden = false;
  }
  function hideNotice() { notice.hidden = true; }

  /* ---- live view */
  let refreshing = false;
  let again = false;
  async function refresh() {
    if (refreshing) { again = true; return; }
    refreshing = true;
    try {
      const response = await fetch(live.dataset.liveUrl, { headers: { Accept: "text/html" } });
      if (response.ok) {
        const page = await response.text();
        const place = window.KeepPlace.placeIn(live);
        live.innerHTML = page;
        window.KeepPlace.backTo(place, live, new WeakSet());
        picked = null;
        updateEntry();
      }
    } catch (err) {
      /* the stream will bring us back */
    } finally {
      refreshing = false;
      if (again) { again = false; refresh(); }
    }
  }

  function setStatus(state) {
    status.dataset.state = state;
    status.textContent = text({ live: "page.table.live", connecting: "page.table.connecting", offline: "page.table.offline" }[state]);
  }

  /* A stream refused (EventSource does not tell why): asked once more, a 503 means too many screens follow the
     game; said so rather than a bare "offline". The answer is not read further either way. */
  async function sayWhyRefused(url) {
    const asked = new AbortController();
    try {
      const response = await fetch(url, { signal: asked.signal, headers: { Accept: "text/event-stream" } });
      if (response.status === 503) status.textContent = text("error.too_many_streams");
    } catch (error) { /* offline indeed */ } finally { asked.abort(); }
  }

  let stream = null;
  function connect() {
    // Reconnects made by EventSource itself send Last-Event-ID; ours start after the last seq seen.
    stream = new EventSource(live.dataset.streamUrl + "?after=" + lastSeq);
    stream.onopen = function () { setStatus("live"); };
    stream.addEventListener("game", function (event) {
      lastSeq = Math.max(lastSeq, Number(event.lastEventId));
      refresh();
    });
    // A table button pressed and refused writes no event: the page is drawn again to say why.
    stream.addEventListener("button", function (event) {
      const shown = live.querySelector("#button-refusal");
      if ((shown ? shown.dataset.at : "0.0") !== JSON.parse(event.data).at) refresh();
    });
    stream.onerror = function () {
      setStatus(stream.readyState === EventSource.CLOSED ? "offline" : "connecting");
      if (stream.readyState === EventSource.CLOSED) {
        sayWhyRefused(stream.url);
        setTimeout(connect, 5000);
        refresh();
      }
    };
  }

  /* ---- sending events */
  async function send(body) {
    if (busy) return false;
    busy = true;
    body.if_seq = game().seq;
    try {
      const response = await fetch(live.dataset.eventsUrl, {
        method: "POST",
        headers: { "Content-Type": "application/json", Accept: "application/json" },
        body: JSON.stringify(body),
      });
      const data = await response.json();
      if (!response.ok) {
        showError(data.error);
        if (response.status === 409) refresh();
        return false;
      }
      hideNotice();
      refresh();
      return true;
    } catch (err) {
      showError({ code: "network" });
      return false;
    } finally {
      busy = false;
    }
  }

  /* ---- manual roll entry */
  function updateEntry() {
    tray.replaceChildren();
    if (!pending.length) {
      const empty = document.createElement("span");
      empty.className = "muted";
      empty.textContent = tray.dataset.empty;
      tray.appendChild(empty);
    }
    pending.forEach(function (die, index) {
      const button = document.createElement("button");
      button.type = "button";
      button.className = "die-button die-button--small";
      button.dataset.action = "remove-die";
      button.dataset.index = index;
      button.title = text("page.table.entry.remove");
      button.appendChild(Dice.draw(die.value, die.color, 48, die.value + " · " + text("color." + die.color)));
      tray.appendChild(button);
    });
    if (pending.length) {
      const total = document.createElement("span");
      total.className = "roll__total";
      total.textContent = "= " + pending.reduce(function (sum, die) { return sum + die.value; }, 0);
      tray.appendChild(total);
    }
    playButton.disabled = !pending.length || game().over;
  }

  function pickColor(button) {
    color = button.dataset.color;
    document.querySelectorAll('[data-action="pick-color"]').forEach(function (chip) {
      const isPicked = chip === button;
      chip.classList.toggle("is-picked", isPicked);
      chip.setAttribute("aria-pressed", String(isPicked));
    });
    const s = Dice.style(color);
    pad.style.setProperty("--face", s.face);
    pad.style.setProperty("--pip", s.pip);
    pad.style.setProperty("--edge", s.edge);
  }

  async function playRoll() {
    const state = game();
    const move = { type: "roll", dice: pending.slice() };
    if (state.seat !== null) move.seat = state.seat;
    if (await send({ type: "move", move: move })) {
      pending = [];
      updateEntry();
    }
  }

  /* ---- one-tap corrections of the last roll */
  function selectDie(button) {
    const index = Number(button.dataset.index);
    picked = picked === index ? null : index;
    live.querySelectorAll('[data-action="select-die"]').forEach(function (other) {
      other.setAttribute("aria-pressed", String(Number(other.dataset.index) === picked));
    });
    const panel = document.getElementById("fix");
    panel.hidden = picked === null;
    if (picked !== null) {
      document.getElementById("fix-title").textContent = text("page.table.fix_die", { n: picked + 1 });
      const die = JSON.parse(document.getElementById("last-roll").dataset.move).dice[picked] || {};
      panel.querySelectorAll('[data-action="fix-value"]').forEach(function (key) {
        key.setAttribute("aria-pressed", String(Number(key.dataset.value) === die.value));
      });
      panel.querySelectorAll('[data-action="fix-color"]').forEach(function (chip) {
        chip.classList.toggle("is-picked", chip.dataset.color === die.color);
      });
      // On a phone the panel opens below the fold: brought into view, the player need not look for it.
      panel.scrollIntoView({ block: "nearest", behavior: prefersLessMotion() ? "auto" : "smooth" });
    }
  }

  function prefersLessMotion() {
    return Boolean(window.matchMedia && window.matchMedia("(prefers-reduced-motion: reduce)").matches);
  }

  function correct(change) {
    const roll = document.getElementById("last-roll");
    if (!roll || picked === null) return;
    const move = JSON.parse(roll.dataset.move);
    move.dice = move.dice.map(function (die, index) {
      return index === picked ? Object.assign({}, die, change) : die;
    });
    send({ type: "correction", target: Number(roll.dataset.target), move: move });
  }

  /* ---- taps */
  const actions = {
    "undo": function () { send({ type: "undo" }); },
    "redo": function () { send({ type: "redo" }); },
    "end_turn": function () { send({ type: "move", move: { type: "end_turn" } }); },
    "finish": function () {
      if (window.confirm(text("page.table.confirm_finish"))) send({ type: "move", move: { type: "finish" } });
    },
    "pick-color": pickColor,
    "add-die": function (button) {
      pending.push({ value: Number(button.dataset.value), color: color });
      updateEntry();
    },
    "remove-die": function (button) { pending.splice(Number(button.dataset.index), 1); updateEntry(); },
    "clear-roll": function () { pending = []; updateEntry(); },
    "play-roll": playRoll,
    "select-die": selectDie,
    "fix-value": function (button) { correct({ value: Number(button.dataset.value) }); },
    "fix-color": function (button) { correct({ color: button.dataset.color }); },
    "dismiss": hideNotice,
  };

  document.addEventListener("click", function (event) {
    const button = event.target.closest("[data-action]");
    if (!button || button.disabled || !actions[button.dataset.action]) return;
    event.preventDefault();
    actions[button.dataset.action](button);
  });

  updateEntry();
  connect();
})();
