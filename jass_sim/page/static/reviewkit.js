// What every game's review shows alike: the verdicts in their order, and where the review job saved the
// game in the History.
import { el } from "./dom.js";

// the verdicts in the order the reviews and the History list them
export const VERDICTS = ["good", "inaccuracy", "mistake", "blunder", "unclear", "forced"];

// where the review job saved the round in the history (or why it could not)
export function savedNote(box, doc) {
  if (doc.history_error) box.append(el("p", { class: "error", "data-testid": "history-saved", text: `Not saved in the history: ${doc.history_error}` }));
  else if (doc.history_id) box.append(el("p", { class: "note", "data-testid": "history-saved", text: `Saved in the History (round ${doc.history_id}).` }));
}
