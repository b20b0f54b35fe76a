// The card table of "At the table" and "Play with a coach": four seats around it (you at the bottom,
// your partner opposite, seat 1 on your right), the trick in the middle with who played what, the
// mode, the score and the trick count always in view, the last trick on demand. (Your hand as large
// cards you tap: cards.js's renderHand.)
import { el } from "./dom.js";
import { cardLabel, cardWords, isRed, modeLabel, seatLabel } from "./jass.js";

// seats in playing order: 1 plays after you and sits on your right, 2 (your partner) opposite
const PLACE = ["bottom", "right", "top", "left"];

function tableCard(code, seat, { winner = false } = {}) {
  return el("span", { class: `pcard tcard${isRed(code) ? " red" : ""}${winner ? " winner" : ""}`, "data-card": code,
                      "data-seat": seat, role: "img", "aria-label": `${seatLabel(seat)}: ${cardWords(code)}${winner ? ", won the trick" : ""}` },
            el("span", { class: "face", text: cardLabel(code, true) }), el("span", { class: "seat", text: seatLabel(seat) }));
}

// `pos`: a position of /api/position (seat 0's view). Options: `showLast` (the last trick in the middle
// instead of the trick being played), `onToggleLast`, `left` (cards each seat still holds), `melds`
// ({seat: [label lines]}), `score` ([us, them] to show instead of the card points so far), `status`,
// `justWon` (the trick just completed stays in the middle, its winner marked, until the next card).
export function renderCardTable(box, pos, { showLast = false, onToggleLast, left, melds = {}, score, status, justWon = false } = {}) {
  box.textContent = "";
  const tricks = pos.tricks || [];
  const done = tricks.length;
  const [us, them] = score || pos.points_so_far;
  const bar = el("div", { class: "table-bar", "data-testid": "table-bar" },
    el("span", { class: "mode", "data-testid": "table-mode" }, modeLabel(pos.mode)),
    el("span", { "data-testid": "table-trick" }, pos.finished ? "9 of 9 tricks played" : `trick ${done + 1} of 9`),
    el("span", { "data-testid": "table-score" }, `us ${us} · them ${them}`));
  const felt = el("div", { class: "felt" });
  for (let seat = 0; seat < 4; seat++) {
    const toPlay = !pos.finished && pos.to_play === seat && !showLast;
    const info = [el("span", { class: "who" }, seatLabel(seat) + (toPlay ? " · to play" : ""))];
    if (left && left[seat] !== undefined && seat !== 0) info.push(el("span", { class: "count", text: `${left[seat]} cards` }));
    if (pos.chooser === seat) info.push(el("span", { class: "count", text: pos.chibred ? "chose (after a chibre)" : "chose" }));
    for (const line of melds[seat] || []) info.push(el("span", { class: "meld", "data-testid": "meld" }, line));
    felt.append(el("div", { class: `seat ${PLACE[seat]}${toPlay ? " to-play" : ""}`, "data-seat": seat }, info));
  }
  const last = done ? tricks[done - 1] : null;
  const won = justWon && !showLast && last && !(pos.trick || []).length;
  const middle = el("div", { class: "middle", role: "group", "aria-label": showLast ? "the last trick" : won ? "the trick just won" : "the trick on the table" });
  if ((showLast || won) && last) {
    last.cards.forEach((c, k) => {
      const seat = (last.leader + k) % 4;
      middle.append(el("span", { class: `slot ${PLACE[seat]}` }, tableCard(c, seat, { winner: seat === last.winner })));
    });
    middle.append(el("span", { class: "caption", "data-testid": won ? "trick-won" : null,
      text: won ? `${seatLabel(last.winner)} won the trick, ${last.points} pts` : `last trick: ${seatLabel(last.winner)}, ${last.points} pts` }));
  } else {
    (pos.trick || []).forEach((c, k) => {
      const seat = (pos.trick_leader + k) % 4;
      middle.append(el("span", { class: `slot ${PLACE[seat]}` }, tableCard(c, seat)));
    });
  }
  felt.append(middle);
  box.append(bar, felt);
  if (last) {
    box.append(el("button", { type: "button", class: "last-trick", "data-action": "last-trick", "aria-pressed": String(showLast),
                              onclick: () => onToggleLast && onToggleLast(!showLast) }, showLast ? "Back to the trick" : "Last trick"));
  }
  if (status) box.append(el("p", { class: "note table-status", "aria-live": "polite" }, status));
}
