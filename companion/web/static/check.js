/* "Can I...?": send a described move to the check endpoint and show the verdict with its reason. */
"use strict";
(function () {
  const form = document.getElementById("check-form");
  if (!form) return;
  const texts = JSON.parse(document.getElementById("texts").textContent);
  const move = document.getElementById("move");
  const box = document.getElementById("verdict");

  function show(status, reason, citation) {
    const line = document.getElementById("verdict-status");
    line.textContent = texts["verdict.status." + status] || texts["error." + status] || texts["error.other"];
    line.dataset.status = status;
    document.getElementById("verdict-reason").textContent = reason || "";
    document.getElementById("verdict-cite").textContent = citation || "";
    box.hidden = false;
  }

  /* What an error answer says to the player: its own text in the page's language (details.said_text, or a refusal's
     reason), else a sentence of the page's; never error.message, which is English, for the log and the API. */
  function reasonOf(error) {
    const details = (error && error.details) || {};
    const own = details.texts || {};
    return details.said_text || own.reason || texts["error.reason." + (error && error.code)] || texts["error.reason.other"];
  }

  document.querySelectorAll("[data-preset]").forEach(function (button) {
    button.addEventListener("click", function () {
      // The button is the question: it is asked at once, the move it stands for left in the folded box.
      move.value = JSON.stringify(JSON.parse(button.dataset.preset), null, 1);
      form.requestSubmit();
    });
  });

  form.addEventListener("submit", async function (event) {
    event.preventDefault();
    let described;
    try {
      described = JSON.parse(move.value);
    } catch (err) {
      show("malformed", texts["page.check.not_json"], ""); // the browser's own message is English
      return;
    }
    try {
      const response = await fetch(form.dataset.url, {
        method: "POST",
        headers: { "Content-Type": "application/json", Accept: "application/json" },
        body: JSON.stringify({ move: described }),
      });
      const data = await response.json();
      if (!response.ok) {
        show(data.error.code, reasonOf(data.error), "");
        return;
      }
      show(data.status, data.texts.reason || data.texts.question, data.texts.citation);
    } catch (err) {
      show("network", "", "");
    }
  });
})();
