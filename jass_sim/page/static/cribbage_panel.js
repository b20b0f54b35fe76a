// The panels of the Cribbage view (discard, peg, game, review): one shown at a time, its button pressed.
// A module of its own so that the panels' modules reach it without importing the view's (no cycle).
import { $$ } from "./dom.js";

export function showCribPanel(name) {
  for (const button of $$("[data-crib-panel]")) button.setAttribute("aria-pressed", String(button.dataset.cribPanel === name));
  for (const panel of $$(".crib-panel")) panel.hidden = panel.dataset.panel !== name;
}
