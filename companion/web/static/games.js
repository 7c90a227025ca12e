/* The start form: spare player rows shown on demand, options of the chosen game only, colour swatches. */
"use strict";
(function () {
  const form = document.getElementById("start-form");
  if (!form) return;
  const add = document.getElementById("add-player");
  const spares = function () { return form.querySelectorAll(".player-row.is-spare"); };
  spares().forEach(function (row) { row.hidden = true; });
  add.hidden = spares().length === 0;
  add.addEventListener("click", function () {
    const next = spares()[0];
    if (next) {
      next.hidden = false;
      next.classList.remove("is-spare");
      next.querySelector("input").focus();
    }
    add.hidden = spares().length === 0;
  });

  const kind = document.getElementById("kind");
  function showOptions() {
    form.querySelectorAll(".options").forEach(function (box) {
      const isChosen = box.dataset.kind === kind.value;
      box.hidden = !isChosen;
      box.disabled = !isChosen;
    });
  }
  kind.addEventListener("change", showOptions);
  showOptions();

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
