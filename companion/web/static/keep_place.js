/* A table page's redraw keeps the player where they were (static/table.js and static/rajas.js both use it).
   The live part is rebuilt from the server's fragment, every control in it new: the focused one (and each open
   <details>) is found again by what the fragment gives it (its id, name, value, data-action..., its form's action,
   else its words: a summary's "Quarry"), among alike ones by its rank. Without it, a keyboard or screen-reader
   player's focus fell to <body> whenever another phone played. */
"use strict";
window.KeepPlace = (function () {
  const MARKS = ["id", "name", "value", "type", "href", "data-action", "data-index", "data-value", "data-color"];
  function markOf(el) {
    const marks = MARKS.map(function (name) { return el.getAttribute(name) || ""; });
    const form = el.closest("form");
    marks.push(form ? form.getAttribute("action") || "" : "");
    if (!el.matches("input, select, textarea") && !el.dataset.action) marks.push(el.textContent.trim());
    return el.tagName + "|" + marks.join("|");
  }
  function alike(root, tag, mark) {
    return Array.from(root.querySelectorAll(tag)).filter(function (other) { return markOf(other) === mark; });
  }
  function keyOf(el, root) {
    const mark = markOf(el);
    return { tag: el.tagName, mark: mark, rank: alike(root, el.tagName, mark).indexOf(el) };
  }
  function found(key, root) {
    const same = alike(root, key.tag, key.mark);
    return same[Math.min(key.rank, same.length - 1)] || null;
  }
  function promptOf(root) {
    const prompt = root.querySelector("#prompt");
    return prompt ? prompt.textContent.trim() : "";
  }
  /* Where the player is in `root` before it is redrawn. */
  function placeIn(root) {
    const focused = document.activeElement;
    return {
      focus: focused && focused !== root && root.contains(focused) ? keyOf(focused, root) : null,
      open: Array.from(root.querySelectorAll("details[open] > summary")).map(function (s) { return keyOf(s, root); }),
      prompt: promptOf(root),
    };
  }
  /* The place found again once `root` is redrawn: the details opened again (each in `reopened`, whose toggle is not
     the player's), the focus on the same control, else on the prompt (never <body>); a new prompt said aloud. */
  function backTo(place, root, reopened) {
    place.open.forEach(function (key) {
      const summary = found(key, root);
      const details = summary && summary.parentElement;
      if (details && !details.open) { reopened.add(details); details.open = true; }
    });
    if (place.focus) {
      const control = found(place.focus, root);
      if (control) control.focus({ preventScroll: true });
      if (!control || document.activeElement !== control) {
        const landing = root.querySelector("#prompt") || root;
        landing.setAttribute("tabindex", "-1");
        landing.focus({ preventScroll: true });
      }
    }
    const said = document.getElementById("prompt-said");
    const prompt = promptOf(root);
    if (said && prompt !== place.prompt) said.textContent = prompt;
  }

  return { placeIn: placeIn, backTo: backTo };
})();
