/* Rajas pages: the table follows the game live (SSE); "Can I...?" asks the check API without leaving the page.
   Every form also works without this script (plain posts answered by the server). */
"use strict";
(function () {
  const texts = JSON.parse((document.getElementById("texts") || { textContent: "{}" }).textContent);

  /* A table button refused (the stream's "button" message): whether the page shows another refusal than the one
     that stands now ("0.0": none stands), and so must be drawn again. */
  function buttonChanged(event, root) {
    const shown = root.querySelector("#button-refusal");
    return (shown ? shown.dataset.at : "0.0") !== JSON.parse(event.data).at;
  }

  /* ---- the table: refresh the live part after each event, unless a form is being filled in */
  const live = document.getElementById("live");
  if (live && window.EventSource) {
    const status = document.getElementById("live-status");
    const stale = document.getElementById("stale");
    let lastSeq = Number(live.dataset.seq);
    /* A page that says why a move was refused (or that a fact was kept) is held as if a form were being filled in:
       the player reads it until they act, and a change at the table shows the "changed" notice instead. A table
       button refused is not held: it was pressed at the table, and the next move there takes its notice away. */
    let dirty = live.querySelector('[role="alert"]:not(#button-refusal), [data-hold]') !== null;
    live.addEventListener("input", function () { dirty = true; });
    const reopened = new WeakSet(); // details a redraw opened again: not opened by the player
    live.addEventListener("toggle", function (event) { if (!reopened.delete(event.target)) dirty = true; }, true);

    async function drawn() {
      const response = await fetch(live.dataset.liveUrl, { headers: { Accept: "text/html" } });
      return response.ok ? response.text() : null;
    }
    /* The held page is told why: the game changed ("table": another screen played), or only the camera read other
       dice ("camera"); the game's change is kept when both came. */
    function showStale(why) {
      if (!stale.hidden && stale.dataset.why === "table") return;
      stale.dataset.why = why;
      stale.querySelectorAll("[data-why]").forEach(function (said) { said.hidden = said.dataset.why !== why; });
      stale.hidden = false;
    }
    function redraw(page) {
      const place = window.KeepPlace.placeIn(live);
      live.innerHTML = page;
      window.KeepPlace.backTo(place, live, reopened);
      dirty = false;
      stale.hidden = true;
    }
    async function refresh() {
      const page = await drawn();
      if (page !== null) redraw(page);
    }
    /* What the camera's reading puts in the roll form, as the server drew it (prefill.reading_mark). */
    function readingOf(root) {
      const form = root.querySelector(".roll-form");
      return form ? form.dataset.reading : null;
    }
    /* Dice settled: the roll form as the server would draw it now. The same dice settling again (a camera seeing
       them still, the confirm button) change nothing at the table: a held page (a refusal, a form being filled in)
       says the table changed only when the reading changes the form, and an untouched one is redrawn only then. */
    async function settled() {
      const page = await drawn();
      if (page === null) return;
      const fresh = document.createElement("template");
      fresh.innerHTML = page;
      if (readingOf(fresh.content) === readingOf(live)) return;
      if (dirty) { showStale("camera"); } else { redraw(page); }
    }
    function setStatus(state) {
      status.dataset.state = state;
      status.textContent = texts[{ live: "page.table.live", connecting: "page.table.connecting", offline: "page.table.offline" }[state]] || state;
    }
    /* A stream refused (EventSource does not tell why): asked once more, a 503 means too many screens follow the
       game; said so rather than a bare "offline". The answer is not read further either way. */
    async function sayWhyRefused(url) {
      const asked = new AbortController();
      try {
        const response = await fetch(url, { signal: asked.signal, headers: { Accept: "text/event-stream" } });
        if (response.status === 503 && texts["error.too_many_streams"]) status.textContent = texts["error.too_many_streams"];
      } catch (error) { /* offline indeed */ } finally { asked.abort(); }
    }
    function connect() {
      const stream = new EventSource(live.dataset.streamUrl + "?after=" + lastSeq);
      stream.onopen = function () { setStatus("live"); };
      stream.addEventListener("game", function (event) {
        const seq = Number(event.lastEventId);
        const shown = Number((live.querySelector(".live") || live).dataset.seq);
        lastSeq = Math.max(lastSeq, seq);
        if (seq <= shown) return;
        if (dirty) { showStale("table"); } else { refresh(); }
      });
      /* dice settled: a roll the camera could not play by itself is shown to be finished by hand, filled in. Only
         a roll form waits for the dice: without one, settled dice change nothing on the page (a camera that sees
         dice settle twice a second redrew it as often, and wiped what a refusal said). */
      /* a table button pressed and refused: the page says why (the light alone is red, not telling why) */
      stream.addEventListener("button", function (event) {
        if (!buttonChanged(event, live)) return;
        if (dirty) { showStale("table"); } else { refresh(); }
      });
      stream.addEventListener("settled", function () {
        if (live.querySelector(".roll-form")) settled();
      });
      stream.onerror = function () {
        setStatus(stream.readyState === EventSource.CLOSED ? "offline" : "connecting");
        if (stream.readyState === EventSource.CLOSED) {
          sayWhyRefused(stream.url);
          setTimeout(connect, 5000);
        }
      };
    }
    document.addEventListener("click", function (event) {
      if (event.target.closest('[data-action="refresh"]')) refresh();
    });
    connect();
  }

  /* ---- "Can I...?": the form read as a move by the server, then judged by POST /api/games/<id>/check */
  const urls = document.getElementById("check-urls");
  if (!urls) return;
  const box = document.getElementById("verdict");

  function show(status, reason, citation, rule) {
    const card = document.createElement("div");
    card.className = "verdict-box verdict-box--" + status;
    card.setAttribute("role", "alert");
    const title = document.createElement("strong");
    title.className = "verdict-box__status";
    title.textContent = texts["verdict.status." + status] || texts["error." + status] || texts["error.other"];
    card.appendChild(title);
    if (reason) {
      const line = document.createElement("p");
      line.className = "verdict-box__reason";
      line.textContent = reason;
      card.appendChild(line);
    }
    if (citation) {
      const cite = document.createElement("p");
      cite.className = "verdict-box__cite";
      const link = document.createElement("a");
      link.href = urls.dataset.rulesUrl + (rule ? "#rule-" + rule : "");
      link.textContent = citation;
      cite.appendChild(link);
      card.appendChild(cite);
    }
    box.replaceChildren(card);
    box.scrollIntoView({ behavior: "smooth", block: "nearest" });
  }

  /* What an error answer says to the player: its own text in the page's language (details.said_text, or a refusal's
     reason), else a sentence of the page's; never error.message, which is English, for the log and the API. */
  function reasonOf(error) {
    const details = (error && error.details) || {};
    const own = details.texts || {};
    return details.said_text || own.reason || texts["error.reason." + (error && error.code)] || texts["error.reason.other"];
  }

  document.addEventListener("submit", async function (event) {
    const form = event.target;
    if (!form.querySelector("[data-check]")) return;
    event.preventDefault();
    try {
      const read = await fetch(urls.dataset.moveUrl, { method: "POST", body: new URLSearchParams(new FormData(form)) });
      const described = await read.json();
      if (!read.ok) { show(described.error.code, reasonOf(described.error), "", ""); return; }
      const response = await fetch(urls.dataset.checkUrl, {
        method: "POST",
        headers: { "Content-Type": "application/json", Accept: "application/json" },
        body: JSON.stringify({ move: described.move }),
      });
      const verdict = await response.json();
      if (!response.ok) { show(verdict.error.code, reasonOf(verdict.error), "", ""); return; }
      // Undecided for want of a printed fact: the server's page asks that fact with its answer form (and decides
      // the move once it is answered), which this script cannot draw; the plain submit does not come back here.
      if (verdict.status === "undecided") { form.submit(); return; }
      show(verdict.status, verdict.texts.reason || verdict.texts.question, verdict.texts.citation,
           verdict.citation && verdict.citation.rule);
    } catch (err) {
      show("network", "", "", "");
    }
  });
})();
