/* The start form: spare player rows shown on demand, options of the chosen game only, colour swatches. */
"use strict";
(function () {
  const form = document.getElementById("start-form");
  if (!form) return;
  const add = document.getElementById("add-player");
  const kind = document.getElementById("kind");
  const spares = function () { return form.querySelectorAll(".player-row.is-spare"); };
  // A player can be added while a row is spare and the chosen game seats more (Rajas: 4 at most).
  function offerRow() {
    const chosen = kind.options[kind.selectedIndex];
    const most = Number(chosen && chosen.dataset.maxPlayers) || Infinity;
    const shown = form.querySelectorAll(".player-row:not(.is-spare)").length;
    add.hidden = spares().length === 0 || shown >= most;
  }
  spares().forEach(function (row) { row.hidden = true; });
  offerRow();
  add.addEventListener("click", function () {
    const next = spares()[0];
    if (next) {
      next.hidden = false;
      next.classList.remove("is-spare");
      next.querySelector("input").focus();
    }
    offerRow();
  });
  kind.addEventListener("change", offerRow);

  function showOptions() {
    form.querySelectorAll(".options").forEach(function (box) {
      const isChosen = box.dataset.kind === kind.value;
      box.hidden = !isChosen;
      box.disabled = !isChosen;
    });
  }
  kind.addEventListener("change", showOptions);
  showOptions();

  // An option that applies only with a choice ticked elsewhere (Rajas: the experienced players of a mixed group)
  // is shown only then; hidden, it is disabled, so that it is not posted.
  form.querySelectorAll(".option-list[data-needs]").forEach(function (box) {
    const needed = form.querySelectorAll('input[name="' + box.dataset.needs + '"]');
    function showIfNeeded() {
      const isNeeded = Array.prototype.some.call(needed, function (input) {
        return input.checked && input.value === box.dataset.needsValue;
      });
      box.hidden = !isNeeded;
      box.disabled = !isNeeded;
    }
    needed.forEach(function (input) { input.addEventListener("change", showIfNeeded); });
    showIfNeeded();
  });

  // A choice of seats names each seat by the name typed in its row, and shows the rows in view only.
  const rows = form.querySelectorAll(".player-row");
  function nameSeats() {
    rows.forEach(function (row) {
      const input = row.querySelector("input");
      form.querySelectorAll('.chip[data-seat="' + row.dataset.seat + '"]').forEach(function (chip) {
        chip.hidden = row.hidden;
        chip.querySelector(".seat-name").textContent = input.value.trim() || input.placeholder;
      });
    });
  }
  rows.forEach(function (row) { row.querySelector("input").addEventListener("input", nameSeats); });
  add.addEventListener("click", nameSeats);
  nameSeats();

  form.querySelectorAll(".color-pick select").forEach(function (select) {
    select.addEventListener("change", function () {
      const swatch = select.parentElement.querySelector(".swatch");
      if (!swatch || !window.Dice) return;
      const s = Dice.style(select.value);
      swatch.style.setProperty("--face", s.face);
      swatch.style.setProperty("--edge", s.edge);
    });
  });
})();
