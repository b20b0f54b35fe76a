// The coach kit: what both coached games ("Play with a coach" for Chibre, Cribbage's game against the
// bot) share: the shuffle of a deal, the table talk, and the jobs of the game being played. A job whose
// game was replaced meanwhile (a new deal or game) is stale: it stops that game's flow without a word;
// any other failure is shown in the view.
import { $, el, showError } from "./dom.js";
import { runJob } from "./api.js";

// a new order of the cards (Fisher-Yates over the browser's cryptographic random numbers)
export function shuffle(cards) {
  const a = cards.slice();
  const buf = new Uint32Array(a.length);
  crypto.getRandomValues(buf);  // available over plain HTTP too (unlike crypto.randomUUID)
  for (let i = a.length - 1; i > 0; i--) { const j = buf[i] % (i + 1); [a[i], a[j]] = [a[j], a[i]]; }
  return a;
}

// what a job of a replaced game throws: not an error to show
export class Stale extends Error {}

// A coached game's talk, jobs and failures. `talkBox`: the selector of the talk, of which the newest
// `keep` lines stay; `view` and `errorFor`: where a failed job is shown (the view's selector and the
// data-error-for of its error box); `generation()`: the number of the game being played, which a new
// deal or game raises.
export function coachKit({ talkBox, keep, view, errorFor, generation }) {
  function talk(line) {
    const box = $(talkBox);
    box.append(el("p", { text: line }));
    while (box.children.length > keep) box.firstElementChild.remove();
  }
  // a job of this game: its result; Stale if the game was replaced meanwhile; an Error (with the
  // job's error fields) if it failed
  // A job whose kernels still compile (a first run) says so in the talk, once, until it runs: the
  // player would otherwise wait for the bots or the coach without a word.
  async function job(command, args) {
    const gen = generation();
    let waiting = null;
    const onProgress = (p) => {
      if (p.warming && !waiting) {
        waiting = el("p", { class: "waiting", "data-testid": "coach-waiting", text: `${p.stage} (a first run: it goes on by itself)` });
        $(talkBox).append(waiting);
      } else if (!p.warming && waiting) { waiting.remove(); waiting = null; }
    };
    const out = await runJob(command, args, { onProgress }).finally(() => { if (waiting) waiting.remove(); });
    if (gen !== generation()) throw new Stale();
    if (out.kind !== "result") throw Object.assign(new Error(out.data.error || `${command} failed`), out.data);
    return out.data;
  }
  function failed(err) { if (!(err instanceof Stale)) showError($(view), null, err.message, errorFor); }
  return { talk, job, failed };
}
