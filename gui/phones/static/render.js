// The seat's state as page parts. Pure functions of the `state` message (see
// gui/phones/protocol.py); taps go to the handlers the caller passes in.
import { el, fill, $ } from "./dom.js";

const PHASES = { start: "Start of Turn", combat: "Combat", end: "End of Turn" };
const STEPS = { start: "Start", movement: "Move", maneuver: "Maneuver", attack: "Attack", end: "End" };
const COUNTERS = [["physical", "Physical"], ["mental", "Mental"], ["social", "Social"],
  ["belief", "Belief"], ["energy", "Energy"], ["hate", "Hate"], ["quantity", "Quantity"]];

function capital(text) {
  const s = String(text);
  return s.charAt(0).toUpperCase() + s.slice(1);
}

export function seatName(seat) {
  return seat === "gm" ? "GM" : String(seat).toUpperCase();
}

function myCharacters(state) {
  return (state.view.characters || []).filter((c) => c.seat === state.seat);
}

export function renderHeader(state) {
  const view = state.view;
  const lead = myCharacters(state).find((c) => c.side === "heroes");
  $("seat").textContent = lead ? `${seatName(state.seat)} · ${lead.name}` : seatName(state.seat);
  document.title = `${seatName(state.seat)} — Plot Twist`;
  let where = `Turn ${view.turn} · ${PHASES[view.phase] || view.phase}`;
  if (view.combat) where += ` · ${STEPS[view.combat.step] || view.combat.step}`;
  if (view.initiative) where += ` · ${capital(view.initiative)} hold Initiative`;
  const whose = $("whose");
  if (view.winner) {
    $("where").textContent = `Game over — ${view.result || view.winner}`;
    whose.textContent = "";
    return;
  }
  $("where").textContent = where;
  const waiting = state.to_act || [];
  const mine = waiting.includes(state.seat);
  whose.dataset.mine = mine ? "yes" : "no";
  if (mine) whose.textContent = "Your move";
  else if (waiting.length) whose.textContent = `Waiting for ${waiting.map(seatName).join(", ")}`;
  else whose.textContent = "";
}

function actionButton(entry, onAct) {
  const cls = entry.kind === "pass" ? "pass" : entry.spends.length ? "spend" : "";
  return el("button", { type: "button", className: cls, dataset: { kind: entry.kind },
    onclick: () => onAct(entry) }, [entry.label]);
}

export function renderQuestion(state, onAct) {
  const asks = state.actions.filter((a) => a.question);
  $("question").hidden = asks.length === 0;
  if (!asks.length) return;
  $("question-title").textContent = asks[0].group;
  fill($("question-options"), asks.map((a) => actionButton(a, onAct)));
}

export function renderActions(state, onAct) {
  const plain = state.actions.filter((a) => !a.question);
  const groups = new Map();
  for (const entry of plain) {
    if (!groups.has(entry.group)) groups.set(entry.group, []);
    groups.get(entry.group).push(entry);
  }
  const parts = [];
  const passes = plain.filter((a) => a.kind === "pass");
  if (passes.length) parts.push(el("div", { className: "options" }, passes.map((a) => actionButton(a, onAct))));
  for (const [title, members] of groups) {
    if (members[0].kind === "pass") continue;
    const options = el("div", { className: "options" }, members.map((a) => actionButton(a, onAct)));
    const group = el("details", { className: "group" }, [el("summary", { text: `${title} (${members.length})` }), options]);
    if (plain.length <= 6) group.open = true;
    parts.push(group);
  }
  if (!parts.length) {
    parts.push(el("p", { className: "empty", text: state.view.winner ? "The game is over." : "Nothing to do right now: your phone updates by itself." }));
  }
  fill($("actions"), parts);
}

function cardActions(state, id) {
  return state.actions.filter((a) => a.action.card === id || (Array.isArray(a.action.cards) && a.action.cards.includes(id)));
}

function cardTile(inst, state, onZoom, big = false) {
  if (!inst.card) {
    return el("div", { className: "card back", text: `${inst.back || "card"} (face down)` });
  }
  const card = inst.card;
  const playable = !big && cardActions(state, inst.id).length > 0;
  const tag = big ? "div" : "button";
  const props = { className: `card${big ? " big" : ""}${playable ? " playable" : ""}`,
    dataset: { color: String(card.color || "").toLowerCase(), card: inst.id } };
  if (!big) { props.type = "button"; props.onclick = () => onZoom(inst); }
  return el(tag, props, [
    el("span", { className: "name", text: card.name }),
    el("span", { className: "kind", text: [card.kind, card.color].filter(Boolean).join(" · ") }),
    el("span", { className: "text", text: card.text || "" }),
  ]);
}

function facts(data) {
  const rows = [];
  for (const [key, value] of Object.entries(data || {})) {
    if (value === null || value === "" || typeof value === "object") continue;
    if (key === "name" || key === "text" || key === "art") continue;
    rows.push(el("dt", { text: key.replace(/_/g, " ") }), el("dd", { text: String(value) }));
  }
  return rows.length ? el("dl", { className: "facts" }, rows) : null;
}

export function renderZoom(inst, state, onAct) {
  fill($("zoom-card"), [cardTile(inst, state, null, true), facts(inst.card && inst.card.data)]);
  const acts = cardActions(state, inst.id);
  fill($("zoom-actions"), acts.length ? acts.map((a) => actionButton(a, onAct))
    : [el("p", { className: "empty", text: "No rule lets you play this card right now." })]);
}

export function renderHands(state, onZoom) {
  const zones = state.view.zones || {};
  for (const [zone, box, title, label] of [["plot_hand", "plot-hand", "plot-title", "Plot hand"],
    ["combat_hand", "combat-hand", "combat-title", "Combat hand"]]) {
    const cards = (zones[`${zone}:${state.seat}`] || { cards: [] }).cards || [];
    $(title).textContent = `${label} (${cards.length})`;
    fill($(box), cards.length ? cards.map((c) => cardTile(c, state, onZoom))
      : [el("p", { className: "empty", text: "No cards." })]);
  }
  const objective = zones.objective;
  const peeked = objective && objective.peeked && !objective.revealed && state.seat !== "gm";
  $("peeks-box").hidden = !peeked;
  if (peeked) fill($("peeks"), objective.cards.map((c) => cardTile(c, state, onZoom)));
}

export function renderHeroes(state) {
  const chars = myCharacters(state);
  fill($("heroes"), chars.length ? chars.map((ch) => {
    const counters = [];
    for (const [key, name] of COUNTERS) {
      const value = ch.counters[key];
      if (value === null || value === undefined) continue;
      const max = ch.counters[`${key}_max`];
      const trauma = ch.counters[`${key}_trauma`];
      let shown = max !== null && max !== undefined ? `${value}/${max}` : String(value);
      if (trauma) shown += ` (${trauma} Trauma)`;
      counters.push(el("div", { className: "counter", dataset: { counter: key } }, [el("b", { text: shown }), el("span", { text: name })]));
    }
    const tags = [
      ...(ch.statuses || []).map((s) => el("span", { className: "tag status", text: s })),
      ...(ch.keywords || []).map((k) => el("span", { className: "tag", text: k })),
      ...(ch.equipment || []).map((e) => el("span", { className: "tag", text: `${e.card.name}${e.in_use ? " (in use)" : ""}` })),
    ];
    const head = `${ch.name}${ch.main ? " (Main)" : ""}${ch.in_play ? "" : " — not in play"}`;
    return el("div", { className: "hero", dataset: { character: ch.id } }, [
      el("h3", { text: head }),
      el("div", { className: "counters" }, counters),
      tags.length ? el("div", { className: "tags" }, tags) : null,
    ]);
  }) : [el("p", { className: "empty", text: "None in play." })]);
}

export function renderRoll(state) {
  const rolls = state.view.rolls || [];
  const last = rolls[rolls.length - 1];
  if (!last) {
    fill($("roll"), [el("p", { className: "empty", text: "No roll yet." })]);
    return;
  }
  const line = `${last.successes} success${last.successes === 1 ? "" : "es"}` +
    (last.against !== undefined && last.against !== null ? ` against ${last.against}` : "") +
    (last.won === true ? " — won" : last.won === false ? " — lost" : "");
  fill($("roll"), [
    el("div", { className: "coins", text: last.coins || "" }),
    el("p", { text: line }),
    last.text ? el("p", { className: "clause", text: last.text }) : null,
  ]);
}

export function renderLog(state) {
  const lines = (state.view.log || []).slice(-40).reverse();
  fill($("log"), lines.map((line) => el("li", { text: line })));
}
