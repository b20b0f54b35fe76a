// The server's API: jobs (POST /api/jobs and their event streams), cancelling, the rules' check of
// a round entered at the table, and running a view's job with its progress bar and Cancel button.
import { $, progressUI, showError } from "./dom.js";

const running = {};  // view key -> the id of its job

export async function getJSON(url) {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
  return response.json();
}

export async function submit(command, args) {
  const response = await fetch("/api/jobs", { method: "POST", headers: { "Content-Type": "application/json" },
                                              body: JSON.stringify({ command, args }) });
  const body = await response.json();
  if (response.status !== 202) throw Object.assign(new Error(body.error || `HTTP ${response.status}`), body);
  return body.id;
}

// Run a job; calls onProgress(data) for each progress event; resolves {kind: result|error|cancelled, data}.
export function runJob(command, args, { onProgress, key } = {}) {
  return submit(command, args).then((id) => new Promise((resolve) => {
    const source = new EventSource(`/api/jobs/${id}/events`);
    if (key) running[key] = id;
    const finish = (kind, event) => {
      source.close();
      if (key && running[key] === id) delete running[key];
      resolve({ kind, data: event && event.data ? JSON.parse(event.data) : {} });
    };
    source.addEventListener("progress", (e) => onProgress && onProgress(JSON.parse(e.data)));
    source.addEventListener("result", (e) => finish("result", e));
    source.addEventListener("cancelled", (e) => finish("cancelled", e));
    // a job's "error" event carries data; the EventSource's own connection error does not
    source.addEventListener("error", (e) => { if (e.data !== undefined) finish("error", e); });
    source.onerror = (e) => { if (e.data === undefined && source.readyState === EventSource.CLOSED) finish("error", { data: JSON.stringify({ error: "the connection to the server was lost" }) }); };
  }));
}

export async function cancelJob(key) {
  const id = running[key];
  if (id) await fetch(`/api/jobs/${id}`, { method: "DELETE" });
}

export async function checkPosition(args) {
  const response = await fetch("/api/position", { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(args) });
  const body = await response.json();
  if (!response.ok) throw Object.assign(new Error(body.error), body);
  return body;
}

// Run the job of view `name`: its progress bar, its Cancel button enabled meanwhile, `render(result)`,
// `onPartial(estimate, cancelled)` for the estimate so far, an error next to its field (else under the view).
export async function viewJob(name, command, args, { render, onPartial } = {}) {
  const root = $(`#view-${name}`);
  const progress = progressUI(`${name}-progress`);
  const cancel = $(`[data-action="cancel"][data-for="${name}"]`, root);
  if (cancel) cancel.disabled = false;
  progress.start();
  try {
    const out = await runJob(command, args, { key: name, onProgress: (p) => {
      progress.update(p);
      if (p.partial && onPartial) onPartial(p.partial, false);
    } });
    if (out.kind === "result") render(out.data);
    else if (out.kind === "error") showError(root, out.data.field, out.data.error, `${name}-job`);
    else if (out.data.partial && onPartial) onPartial(out.data.partial, true);
  } catch (err) {
    showError(root, err.field, err.message, `${name}-job`);
  } finally {
    if (cancel) cancel.disabled = true;
    progress.done();
  }
}
