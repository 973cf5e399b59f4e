/* Accessible names for the crib widgets, on static and live pages alike.
 *
 * ipywidgets 8 buttons have no ARIA traits, so the Python side says what it can through the DOM
 * and this script turns it into ARIA as the widget manager draws (or redraws) the buttons:
 *  - a card button (class crib-cardbtn) is named by its tooltip, which the cards layer sets to the
 *    card's words ("king of diamonds"); a toggle card says aria-pressed, true while chosen
 *    (ipywidgets marks a pressed toggle with the class mod-active);
 *  - any icon inside a button is hidden from screen readers, so names carry no icon glyph;
 *  - a row marked crib-keepfocus keeps keyboard focus when its buttons are replaced after a move:
 *    focus goes to the row's first card that can be chosen, else the widget's first enabled
 *    action, instead of falling to the top of the page.
 */
(function () {
  "use strict";
  var lastRow = null;  // the crib-keepfocus row that held focus last
  var lastIndex = 0;

  function name(button) {
    var words = button.getAttribute("title");
    if (button.classList.contains("crib-cardbtn") && words) {
      if (button.getAttribute("aria-label") !== words) button.setAttribute("aria-label", words);
    }
    if (button.classList.contains("crib-cardbtn") && button.classList.contains("widget-toggle-button")) {
      var pressed = String(button.classList.contains("mod-active"));
      if (button.getAttribute("aria-pressed") !== pressed) button.setAttribute("aria-pressed", pressed);
    }
    var icons = button.querySelectorAll("i");
    for (var i = 0; i < icons.length; i++) icons[i].setAttribute("aria-hidden", "true");
  }

  function nameAll(root) {
    var buttons = (root || document).querySelectorAll(".crib-root button");
    for (var i = 0; i < buttons.length; i++) name(buttons[i]);
  }

  function enabled(el) {
    return el && !el.disabled && el.offsetParent !== null;
  }

  function refocus() {
    if (!lastRow || (document.activeElement && document.activeElement !== document.body)) return;
    if (!document.contains(lastRow)) return;
    var cards = Array.prototype.filter.call(lastRow.querySelectorAll("button"), enabled);
    var target = cards[Math.min(lastIndex, cards.length - 1)];
    if (!target) {
      var root = lastRow.closest(".crib-root");
      target = root && Array.prototype.find.call(root.querySelectorAll("button.crib-action"), enabled);
    }
    if (target) target.focus({preventScroll: true});
  }

  document.addEventListener("focusin", function (event) {
    var row = event.target.closest && event.target.closest(".crib-keepfocus");
    if (row) {
      lastRow = row;
      lastIndex = Math.max(0, Array.prototype.indexOf.call(row.querySelectorAll("button"), event.target));
    } else if (event.target !== document.body) {
      lastRow = null;  // the learner moved on by themselves: leave their focus alone
    }
  });

  var pending = false;
  var observer = new MutationObserver(function () {
    if (pending) return;
    pending = true;
    requestAnimationFrame(function () {
      pending = false;
      nameAll(document);
      refocus();
    });
  });

  function start() {
    nameAll(document);
    observer.observe(document.body, {
      subtree: true, childList: true, attributes: true, attributeFilter: ["class", "title", "disabled"],
    });
  }

  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
  else start();
})();
