/* doppelnb explainers: the page's own small script (no network, no kernel).
 *
 * The widget renderer draws the widgets from the state saved in the page; sliders, pickers,
 * Play and the links between them (jslink) work without a kernel. Buttons do not: a click is a
 * message to Python. This script makes a stepper's first / back / forward / last buttons move
 * its slider (as the Home / arrow / End keys do), keeps them disabled at the ends, and gives
 * every control an accessible name in words (its tooltip) that starts with the words it shows
 * (WCAG 2.5.3, label in name), so it is announced neither as a bare glyph nor as something else
 * than what a sighted reader clicks. It also hides the sentence at the top of the page that
 * says the files beside the page are missing, once it has found them.
 */
(function () {
  "use strict";
  var KEYS = {first: "Home", back: "ArrowLeft", forward: "ArrowRight", last: "End"};
  var WORDS = /[A-Za-z\u00C0-\u024F]{2}/;  // text a reader can read aloud, not a glyph
  var PLAY = ["play or pause: step through the states", "stop: back to the first state",
              "stop: back to the first state", "repeat"];

  function handleOf(panel) {
    return panel.querySelector(".doppelnb-stepper-slider .noUi-handle");
  }

  function position(panel) {
    var h = handleOf(panel);
    if (!h) { return null; }
    return {now: Math.round(Number(h.getAttribute("aria-valuenow"))),
            min: Math.round(Number(h.getAttribute("aria-valuemin"))),
            max: Math.round(Number(h.getAttribute("aria-valuemax")))};
  }

  function sync(panel) {
    var p = position(panel);
    if (!p || isNaN(p.now)) { return; }
    Object.keys(KEYS).forEach(function (name) {
      var b = panel.querySelector("button.doppelnb-stepper-" + name);
      if (b) { b.disabled = (name === "first" || name === "back") ? p.now <= p.min : p.now >= p.max; }
    });
    // Play's stop button goes back to the first state: nothing to do when already there.
    var stop = panel.querySelectorAll(".doppelnb-stepper-play button")[1];
    if (stop) { stop.disabled = p.now <= p.min; }
  }

  function step(panel, name) {
    var h = handleOf(panel);
    if (!h) { return; }
    h.dispatchEvent(new KeyboardEvent("keydown", {key: KEYS[name], bubbles: true, cancelable: true}));
    sync(panel);
  }

  document.addEventListener("click", function (event) {
    var button = event.target.closest && event.target.closest("button");
    if (!button) { return; }
    var panel = button.closest(".doppelnb-stepper-panel");
    if (!panel) { return; }
    for (var name in KEYS) {
      if (button.classList.contains("doppelnb-stepper-" + name)) {
        event.stopImmediatePropagation();
        event.preventDefault();
        if (!button.disabled) { step(panel, name); }
        return;
      }
    }
  }, true);

  /* The sentence "this page needs the files that came with it" shows until this script finds
   * require.js (loaded in <head>, before this script), and again if any script of the page
   * fails to load (the widget renderer, MathJax: their errors reach the document's capture
   * phase). Without JavaScript it simply stays. */
  function notice(found) {
    var el = document.getElementById("doppelnb-vendor-missing");
    if (el) { el.classList.toggle("doppelnb-found", !!found); }
  }
  notice(typeof window.require === "function");
  document.addEventListener("error", function (event) {
    if (event.target && event.target.tagName === "SCRIPT") { notice(false); }
  }, true);

  function labelText(widget) {
    var label = widget && widget.querySelector(":scope > .widget-label, :scope > label");
    return label ? label.textContent.trim() : "";
  }

  function name(root) {
    root.querySelectorAll(".doppelnb-stepper-play button, .widget-play button").forEach(
      function (b, i, all) {
        var k = Array.prototype.indexOf.call(b.parentNode.children, b);
        if (!b.title) { b.title = PLAY[Math.min(k, PLAY.length - 1)]; }
      });
    root.querySelectorAll(".jupyter-widgets button, .jupyter-widgets select, " +
                          ".jupyter-widgets input, .noUi-handle").forEach(
      function (el) {
        var widget = el.closest(".widget-slider, .widget-inline-hbox, .widget-inline-vbox, " +
                                ".jupyter-widgets:not(.widget-box)") || el;
        var off = el.disabled || el.hasAttribute("disabled") || !!el.closest("[disabled]");
        // (a stepper's own buttons are off only at the first or last state: not live-only)
        var box = el.closest(".doppelnb-stepper-panel") ? null : el.closest(".doppelnb-live-only-box");
        if (off && box && !/live notebook/i.test(el.title)) {
          // A control switched off in this page: its tooltip says why (the box's note).
          var noteEl = box.querySelector(".doppelnb-live-note");
          var why = noteEl ? noteEl.textContent.replace(/^\W+/, "").trim() : "";
          el.title = "Needs a live notebook" + (why ? ". " + why : ".");
          el.removeAttribute("aria-label");
        }
        if (el.getAttribute("aria-label")) { return; }
        var tip = el.title || (widget.title !== "null" && widget.title) || "";
        var text = labelText(widget);
        // A button that shows words ("Deal", "3 players", "▶ forward") is named by them first.
        var own = el.tagName === "BUTTON" && WORDS.test(el.textContent) ? el.textContent.trim() : "";
        var parts = [own, text && own.toLowerCase().indexOf(text.toLowerCase()) < 0 ? text : "",
                     tip && tip !== own && tip !== text ? tip : ""].filter(Boolean);
        var label = parts.length > 1 ? parts[0] + ": " + parts.slice(1).join(": ") : parts[0];
        if (label) { el.setAttribute("aria-label", label); }
      });
    root.querySelectorAll(".doppelnb-stepper-panel").forEach(sync);
  }

  var pending = false;
  function later() {
    if (pending) { return; }
    pending = true;
    window.requestAnimationFrame(function () { pending = false; name(document); });
  }

  function start() {
    new MutationObserver(function (records) {
      for (var i = 0; i < records.length; i++) {
        var r = records[i];
        if (r.type === "attributes") {
          var panel = r.target.closest && r.target.closest(".doppelnb-stepper-panel");
          if (panel) { sync(panel); }
        } else { later(); }
      }
    }).observe(document.body, {childList: true, subtree: true, attributes: true,
                               attributeFilter: ["aria-valuenow"]});
    later();
  }

  /* <doppelnb-z data-z="BASE64"> holds a gzip-packed rendering (doppelnb.widgets.offline.compact):
   * unpacked here, in the browser, when the widget renderer puts it in the page. */
  if (window.customElements && !window.customElements.get("doppelnb-z")) {
    window.customElements.define("doppelnb-z", class extends HTMLElement {
      connectedCallback() {
        var el = this, data = el.getAttribute("data-z");
        if (!data || el.getAttribute("data-done")) { return; }
        el.setAttribute("data-done", "1");
        var bytes = Uint8Array.from(atob(data), function (c) { return c.charCodeAt(0); });
        var stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream("gzip"));
        new Response(stream).text().then(function (html) { el.innerHTML = html; });
      }
    });
  }

  window.doppelnbOffline = {version: 1, step: step, sync: sync};
  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", start);
  } else { start(); }
}());
