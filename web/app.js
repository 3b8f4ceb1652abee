// The rulebook page: plain JavaScript, no build step. The server draws the
// board (SVG); this script sends clicks as moves, lists moves, runs the
// editor's checks as you type.
"use strict";

const $ = (id) => document.getElementById(id);
let state = null;      // the last /api/state
let turned = false;    // board seen from the other side
let selected = null;   // the cell of the piece picked up
let poll = null;       // timer while the program thinks
let checkTimer = null; // debounce of the editor's check
let rulesLoadedFor = null;

async function api(path, body) {
  const init = body === undefined ? {} : {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(body),
  };
  const response = await fetch(path, init);
  const text = await response.text();
  let data = null;
  try { data = JSON.parse(text); } catch (_) { data = { error: text }; }
  if (!response.ok) {
    return { error: (data && data.error) || text || response.statusText };
  }
  return data;
}

// Shows a problem; a list of legal moves that follows it goes in a small
// box of its own rather than one long red block.
function showError(message) {
  const e = $("error");
  e.innerHTML = "";
  e.hidden = !message;
  if (!message) return;
  const at = message.indexOf("; legal moves here: ");
  e.append(at < 0 ? message : message.slice(0, at) + ".");
  if (at >= 0) {
    const legal = document.createElement("div");
    legal.className = "legal";
    legal.textContent = "Legal moves: " + message.slice(at + "; legal moves here: ".length);
    e.appendChild(legal);
  }
}

async function refresh() {
  const data = await api("/api/state?turned=" + turned);
  if (data.error) { showError(data.error); return; }
  state = data;
  render();
  if (state.game && state.game.thinking) {
    if (!poll) poll = setInterval(refresh, 250);
  } else if (poll) {
    clearInterval(poll);
    poll = null;
  }
}

function render() {
  const games = $("games");
  if (games.options.length !== state.games.length) {
    games.innerHTML = "";
    state.games.forEach((g, i) => {
      const option = new Option(g.title, i);
      option.title = g.file;
      games.add(option);
    });
  }
  const strength = $("strength");
  if (strength.options.length !== state.strengths.length) {
    strength.innerHTML = "";
    state.strengths.forEach((s) => strength.add(new Option(s.name, s.spec)));
  }
  if (state.current !== null) games.value = state.current;
  const g = state.game;
  if (!g) { $("status").textContent = "No game loaded."; return; }
  $("board").innerHTML = g.svg;
  selected = null;
  $("menu").hidden = true;
  $("status").textContent = g.to_move
    ? g.to_move + " to move" + (g.in_check ? ", in check" : "")
    : "The game is over.";
  $("result").hidden = !g.result;
  $("result").textContent = g.result ? g.result + (g.reason ? ", because " + g.reason + "." : ".") : "";
  $("pass").hidden = !g.pass;
  if (g.problem) showError(g.problem);
  strength.value = g.strength;
  $("thought").hidden = !g.thought;
  $("thought").textContent = g.thought ? "The program's " + g.thought : "";
  const t = g.thinking;
  $("thinking").hidden = !t;
  if (t) {
    $("thinking-text").textContent = t.player + " (the program, " + t.by + ") is thinking…";
    $("progress").value = t.progress;
  }
  const moves = $("moves");
  moves.innerHTML = "";
  for (const m of g.moves) {
    const li = document.createElement("li");
    li.textContent = m.text;
    li.title = m.player;
    moves.appendChild(li);
  }
  moves.scrollTop = moves.scrollHeight;
  const sides = $("sides");
  sides.innerHTML = "";
  g.players.forEach((p, i) => {
    const label = document.createElement("label");
    label.className = "side";
    const select = document.createElement("select");
    select.dataset.player = i;
    select.add(new Option("person", "person"));
    select.add(new Option("program", "program"));
    select.value = g.programs[i] ? "program" : "person";
    select.addEventListener("change", setSides);
    label.append(p + " ", select);
    sides.appendChild(label);
  });
  if (rulesLoadedFor !== state.current + ":" + (g.file || "")) loadRules();
}

async function loadRules() {
  const data = await api("/api/rules");
  if (data.error) return;
  rulesLoadedFor = state.current + ":" + (state.game.file || "");
  $("rules").value = data.text;
  $("rules-name").textContent = data.name;
  check();
}

async function setSides() {
  const programs = [...document.querySelectorAll("#sides select")].map((s) => s.value === "program");
  await write("/api/sides", { programs, strength: $("strength").value });
}

async function write(path, body) {
  const data = await api(path, body);
  showError(data.error);
  await refresh();
  return data;
}

// ---------------------------------------------------------------- clicks

function cellOf(target) {
  const el = target.closest("[data-cell]");
  return el ? el.dataset.cell : null;
}

function mark(cells, cls) {
  document.querySelectorAll("#board ." + cls).forEach((e) => e.classList.remove(cls));
  for (const c of cells) {
    document.querySelectorAll('#board .cell[data-cell="' + CSS.escape(c) + '"]').forEach((e) => e.classList.add(cls));
  }
}

function choose(moves, x, y) {
  if (moves.length === 1) { playMove(moves[0].text); return; }
  const menu = $("menu");
  menu.innerHTML = "";
  for (const m of moves) {
    const b = document.createElement("button");
    b.textContent = m.text;
    b.addEventListener("click", () => { menu.hidden = true; playMove(m.text); });
    menu.appendChild(b);
  }
  const cancel = document.createElement("button");
  cancel.textContent = "cancel";
  cancel.addEventListener("click", () => { menu.hidden = true; });
  menu.appendChild(cancel);
  const box = $("play").getBoundingClientRect();
  menu.style.left = (x - box.left + 8) + "px";
  menu.style.top = (y - box.top + 8) + "px";
  menu.hidden = false;
}

function onBoardClick(event) {
  if (!state || !state.game) return;
  const cell = cellOf(event.target);
  if (!cell) return;
  const legal = state.game.legal;
  if (selected) {
    const landing = legal.filter((m) => m.from === selected && m.to === cell);
    if (landing.length) { choose(landing, event.clientX, event.clientY); return; }
  }
  const from = legal.filter((m) => m.from === cell);
  if (from.length) {
    selected = cell;
    mark([cell], "selected");
    document.querySelectorAll("#board .piece.selected").forEach((e) => e.classList.remove("selected"));
    document.querySelectorAll('#board .piece[data-cell="' + CSS.escape(cell) + '"]').forEach((e) => e.classList.add("selected"));
    mark([...new Set(from.map((m) => m.to).filter((c) => c))], "target");
    return;
  }
  const here = legal.filter((m) => m.place === cell || m.take === cell);
  if (here.length) { choose(here, event.clientX, event.clientY); return; }
  // A click that no move uses still means the drop in its column when
  // there is one cell there to drop on (a connect four column is clicked
  // anywhere, not at its lowest empty cell).
  const column = inColumn(cell, legal.filter((m) => m.place && !m.from));
  if (new Set(column.map((m) => m.place)).size === 1) {
    choose(column, event.clientX, event.clientY);
    return;
  }
  selected = null;
  mark([], "selected");
  mark([], "target");
}

// The middle and width of a cell as drawn.
function across(cell) {
  const e = document.querySelector('#board .cell[data-cell="' + CSS.escape(cell) + '"]');
  if (!e) return null;
  const box = e.getBBox();
  return { x: box.x + box.width / 2, w: box.width };
}

// The moves of `moves` whose drop lands in the drawn column of `cell`.
function inColumn(cell, moves) {
  const c = across(cell);
  if (!c) return [];
  return moves.filter((m) => {
    const d = across(m.place);
    return d && Math.abs(d.x - c.x) < c.w / 2;
  });
}

async function playMove(text) {
  await write("/api/play", { move: text });
}

// ---------------------------------------------------------------- editor

function escapeHtml(s) {
  return s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

// The text behind the editor, coloured by the server's token classes and
// underlined where a problem is: runs of characters that share both.
function highlight(text, problems, tokens) {
  const cls = new Array(text.length).fill("");
  for (const t of tokens || []) cls.fill("t-" + t.class, t.from, Math.min(t.to, text.length));
  const mark = new Array(text.length).fill("");
  for (const p of problems) mark.fill(p.severity, p.from, Math.min(Math.max(p.to, p.from + 1), text.length));
  let html = "";
  let at = 0;
  while (at < text.length) {
    let end = at + 1;
    while (end < text.length && cls[end] === cls[at] && mark[end] === mark[at]) end++;
    let run = escapeHtml(text.slice(at, end));
    if (cls[at]) run = '<span class="' + cls[at] + '">' + run + "</span>";
    if (mark[at]) run = '<mark class="' + mark[at] + '">' + run + "</mark>";
    html += run;
    at = end;
  }
  $("highlight").innerHTML = html + "\n";
}

async function check() {
  const text = $("rules").value;
  const data = await api("/api/check", { text });
  const list = $("diagnostics");
  list.innerHTML = "";
  if (data.error) { $("check-summary").textContent = data.error; return; }
  highlight(text, data.problems, data.tokens);
  const errors = data.problems.filter((p) => p.severity === "error").length;
  const warnings = data.problems.length - errors;
  $("check-summary").textContent = data.ok
    ? "ok (" + warnings + " warning" + (warnings === 1 ? "" : "s") + ")"
    : errors + " error" + (errors === 1 ? "" : "s") + ", " + warnings + " warning" + (warnings === 1 ? "" : "s");
  for (const p of data.problems) {
    const li = document.createElement("li");
    li.className = p.severity;
    const where = document.createElement("span");
    where.textContent = p.line + ":" + p.column + " ";
    const msg = document.createElement("strong");
    msg.textContent = p.message;
    const code = document.createElement("span");
    code.className = "code";
    code.textContent = " " + p.code;
    li.append(where, msg, code);
    if (p.label) li.append(" — " + p.label);
    if (p.help) {
      const help = document.createElement("div");
      help.className = "help";
      help.textContent = "help: " + p.help;
      li.appendChild(help);
    }
    li.addEventListener("click", () => {
      const area = $("rules");
      area.focus();
      area.setSelectionRange(p.from, p.to);
    });
    list.appendChild(li);
  }
  return data;
}

// ---------------------------------------------------------------- wiring

function download(name, text) {
  const a = document.createElement("a");
  a.href = URL.createObjectURL(new Blob([text], { type: "text/plain" }));
  a.download = name;
  a.click();
  setTimeout(() => URL.revokeObjectURL(a.href), 1000);
}

function wire() {
  $("board").addEventListener("click", onBoardClick);
  $("games").addEventListener("change", () => write("/api/open", { index: Number($("games").value) }));
  $("new").addEventListener("click", () => write("/api/open", { index: Number($("games").value) }));
  $("rotate").addEventListener("click", () => { turned = !turned; refresh(); });
  $("undo").addEventListener("click", () => write("/api/undo", {}));
  $("pass").addEventListener("click", () => playMove("pass"));
  $("typed").addEventListener("submit", (e) => {
    e.preventDefault();
    const text = $("move").value.trim();
    if (text) { playMove(text); $("move").value = ""; }
  });
  $("save-record").addEventListener("click", async () => {
    const response = await fetch("/api/record");
    const text = await response.text();
    if (!response.ok) { showError(text); return; }
    download("game.txt", text);
  });
  $("load-record").addEventListener("change", async (e) => {
    const file = e.target.files[0];
    if (!file) return;
    if (file.size > 512 * 1024) { showError("the record is too large (at most 512 KiB)"); return; }
    const text = await file.text();
    e.target.value = "";
    await write("/api/record", { text });
  });
  const area = $("rules");
  area.addEventListener("input", () => {
    highlight(area.value, [], []);
    clearTimeout(checkTimer);
    checkTimer = setTimeout(check, 250);
  });
  area.addEventListener("scroll", () => {
    $("highlight").scrollTop = area.scrollTop;
    $("highlight").scrollLeft = area.scrollLeft;
  });
  $("reload").addEventListener("click", async () => {
    const data = await api("/api/reload", { text: area.value });
    if (!data.error) {
      rulesLoadedFor = null;
      showError(null);
      await refresh();
      return;
    }
    // Rules with errors: the editor's list says where, not the terminal's report.
    const checked = await check();
    showError(checked && !checked.ok
      ? "The rules as edited have errors, listed under the editor; the game was not reloaded."
      : data.error);
  });
  $("save-rules").addEventListener("click", async () => {
    const data = await api("/api/save-rules", { text: area.value });
    showError(data.error);
    if (!data.error) $("check-summary").textContent = "saved to " + data.saved;
  });
  document.addEventListener("keydown", (e) => { if (e.key === "Escape") $("menu").hidden = true; });
}

wire();
refresh();
