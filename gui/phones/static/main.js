// The seat page: one WebSocket to the laptop, opened with the seat's join code. The
// laptop pushes the seat's state after every change; a tap sends the action with the
// version it was chosen at. The socket comes back by itself after sleep, reload or a
// Wi-Fi drop; the laptop's `bye` (code re-issued, game closed) ends it for good.
import { $ } from "./dom.js";
import { renderActions, renderHands, renderHeader, renderHeroes, renderLog, renderQuestion, renderRoll, renderZoom } from "./render.js";

const CODE_KEY = "plot-twist-join-code";
const ANSWER_MS = 8000;

let code = "";
let socket = null;
let state = null;
let final = false;       // the laptop sent us away: do not knock again
let retry = 500;
let retryTimer = 0;
let nextN = 1;
let pending = 0;         // the `n` of the tap waiting for its answer
let pendingTimer = 0;
let zoomed = null;       // the card instance open in the zoom sheet

function readCode() {
  // The code rides after '#': browsers never send it to a server. It is kept for this
  // tab (a reload) and taken off the address bar (nobody reads it over a shoulder).
  const fromLink = location.hash.replace(/^#/, "");
  if (/^[A-Za-z0-9_-]{22}$/.test(fromLink)) {
    sessionStorage.setItem(CODE_KEY, fromLink);
    history.replaceState(null, "", location.pathname);
  }
  return sessionStorage.getItem(CODE_KEY) || "";
}

function setLink(what, text) {
  const pill = $("link");
  pill.dataset.state = what;
  pill.textContent = text;
  document.body.dataset.link = what;
}

function notice(text, clause) {
  $("notice").hidden = !text;
  $("notice-text").textContent = text || "";
  $("notice-clause").textContent = clause ? `Rule ${clause}` : "";
}

function connect() {
  clearTimeout(retryTimer);
  if (final || !code) return;
  if (socket && (socket.readyState === WebSocket.OPEN || socket.readyState === WebSocket.CONNECTING)) return;
  setLink("connecting", "connecting…");
  const ws = new WebSocket(`${location.protocol === "https:" ? "wss" : "ws"}://${location.host}/ws`);
  socket = ws;
  ws.addEventListener("open", () => ws.send(JSON.stringify({ type: "hello", token: code })));
  ws.addEventListener("message", (event) => {
    let message;
    try { message = JSON.parse(event.data); } catch { return; }
    receive(message);
  });
  ws.addEventListener("close", () => {
    if (socket !== ws) return;
    socket = null;
    endPending();
    if (final) return;
    setLink("connecting", "reconnecting…");
    retryTimer = setTimeout(connect, retry);
    retry = Math.min(retry * 2, 5000);
  });
}

function receive(message) {
  switch (message.type) {
    case "state":
      retry = 500;
      setLink("live", "live");
      state = message;
      document.body.dataset.version = String(message.version);
      render();
      break;
    case "done":
      if (message.n === pending) { endPending(); notice(""); }
      break;
    case "refused":
      if (message.n === pending) endPending();
      notice(message.message, message.clause === "stale" || message.clause === "seat" || message.clause === "action" ? "" : message.clause);
      break;
    case "error":
      notice(message.message, "");
      break;
    case "bye":
      final = true;
      setLink("gone", "disconnected");
      notice(message.reason, "");
      break;
    default:
      break;
  }
}

function render() {
  if (!state) return;
  renderHeader(state);
  renderQuestion(state, tap);
  renderActions(state, tap);
  renderHands(state, openZoom);
  renderHeroes(state);
  renderRoll(state);
  renderLog(state);
  if (zoomed) {
    const still = findCard(zoomed.id);
    if (still) { zoomed = still; renderZoom(still, state, tap); } else closeZoom();
  }
  setBusy(pending !== 0);
}

function findCard(id) {
  for (const zone of Object.values(state.view.zones || {})) {
    const found = (zone.cards || []).find((c) => c.id === id && c.card);
    if (found) return found;
  }
  return null;
}

function setBusy(busy) {
  for (const button of document.querySelectorAll("#actions button, #question button, #zoom-actions button")) {
    button.disabled = busy;
  }
}

function endPending() {
  pending = 0;
  clearTimeout(pendingTimer);
  setBusy(false);
}

function tap(entry) {
  if (!state || pending || !socket || socket.readyState !== WebSocket.OPEN) return;
  if (entry.spends.length) {
    ask(`${entry.label}\n\nThis spends ${entry.spends.join(" and ")}.`, () => send(entry));
  } else {
    send(entry);
  }
}

function send(entry) {
  if (!socket || socket.readyState !== WebSocket.OPEN) return;
  closeZoom();
  pending = nextN++;
  setBusy(true);
  pendingTimer = setTimeout(endPending, ANSWER_MS);
  socket.send(JSON.stringify({ type: "act", n: pending, version: state.version, action: entry.action }));
}

function ask(text, yes) {
  const sheet = $("confirm");
  $("confirm-text").textContent = text;
  $("confirm-yes").onclick = () => { sheet.close(); yes(); };
  $("confirm-no").onclick = () => sheet.close();
  sheet.showModal();
}

function openZoom(inst) {
  zoomed = inst;
  renderZoom(inst, state, tap);
  if (!$("zoom").open) $("zoom").showModal();
}

function closeZoom() {
  zoomed = null;
  if ($("zoom").open) $("zoom").close();
}

function wake() {
  // back from sleep or a dropped Wi-Fi: knock at once instead of waiting out the backoff
  if (!final && (!socket || socket.readyState === WebSocket.CLOSED)) { retry = 500; connect(); }
}

function start() {
  code = readCode();
  $("notice-close").addEventListener("click", () => notice(""));
  $("zoom-close").addEventListener("click", closeZoom);
  $("zoom").addEventListener("close", () => { zoomed = null; });
  document.addEventListener("visibilitychange", () => { if (!document.hidden) wake(); });
  window.addEventListener("online", wake);
  window.addEventListener("pageshow", wake);
  if (!code) {
    final = true;
    setLink("gone", "no join code");
    notice("This page needs the seat's join link: scan the QR code on the laptop.", "");
    return;
  }
  connect();
}

start();
