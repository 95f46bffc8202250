// The trainer page: it draws what the server says and sends each click as one dealer step, each
// award and each answer as one line. It never judges a line itself: the server (the trainer of
// `dealer train`, on the procedure machine) does; every drill of the trainer shows here.
"use strict";

const params = new URLSearchParams(location.search);
const cookieLang = (document.cookie.match(/(?:^|; )lang=([^;]*)/) || [])[1];
let lang = params.get("lang") || cookieLang || localStorage.getItem("dealer-lang") || "en";
let texts = {};
let session = null; // the last state the server sent
let armed = null; // "replace" or "kill hand": the next seat click names the seat
let pot = null; // the pot picked for an award: the next seat click awards it
let busy = false;

const $ = (id) => document.getElementById(id);
const t = (key, fields) => {
  let text = texts[key] || key;
  for (const [name, value] of Object.entries(fields || {})) text = text.replace(`{${name}}`, value);
  return text;
};

function cardImage(code) {
  const img = document.createElement("img");
  img.className = "card";
  img.src = `/static/cards/${code ? code : "back"}.svg`;
  img.alt = code || "▮";
  if (code) img.dataset.card = code;
  return img;
}

async function loadTexts() {
  const response = await fetch(`/api/texts/${encodeURIComponent(lang)}`);
  texts = await response.json();
  document.documentElement.lang = lang;
  document.title = t("app-title");
  for (const element of document.querySelectorAll("[data-t]")) element.textContent = t(element.dataset.t);
  for (const element of document.querySelectorAll("[data-placeholder]")) {
    element.placeholder = t(element.dataset.placeholder);
  }
  $("lang").value = lang;
  // The drills are the trainer's own: a drill added to it is listed here too.
  const drills = await (await fetch(`/api/drills/${encodeURIComponent(lang)}`)).json();
  const chosen = $("drill").value;
  $("drill").replaceChildren(
    ...drills.map(({ drill, name }) => {
      const option = document.createElement("option");
      option.value = drill;
      option.textContent = name;
      return option;
    }),
  );
  if (chosen) $("drill").value = chosen;
  // The language goes with the trainee to every page: on each link, and in a cookie the server
  // reads where a link has none (issue 26).
  for (const link of document.querySelectorAll("nav a, #progress-link")) {
    link.href = `${link.pathname}?lang=${encodeURIComponent(lang)}`;
  }
  document.cookie = `lang=${encodeURIComponent(lang)}; path=/; SameSite=Lax; max-age=31536000`;
}

function showError(message) {
  if (message) document.body.dataset.renders = ++renders;
  $("error").hidden = !message;
  $("error").textContent = message ? `${t("error")}: ${message}` : "";
}

function problem(status, data, setup = false) {
  // The server's message is for developers; the trainee reads the page's own words.
  if (status === 503) return t("busy");
  if (status === 404) return t("session-gone");
  if (status === 400 && setup) return t("bad-setup");
  return data.error || `HTTP ${status}`;
}

async function call(method, path, body) {
  const response = await fetch(path, {
    method,
    headers: body ? { "Content-Type": "application/json" } : {},
    body: body ? JSON.stringify(body) : undefined,
  });
  let data = {};
  try {
    data = await response.json();
  } catch (error) {
    data = { error: `HTTP ${response.status}` };
  }
  return { status: response.status, data };
}

function seatPosition(index, count) {
  // The seats' centres on an ellipse kept inside the rail: a seat's box (136 by about 96 pixels)
  // never reaches the rail, whatever the number of players (issue 26).
  const table = $("table");
  const width = table.clientWidth || 800;
  const height = table.clientHeight || 400;
  const rx = Math.max(0, (width / 2 - 68 - 8) / width) * 100;
  const ry = Math.max(0, (height / 2 - 48 - 4) / height) * 100;
  // Seats around an oval, the first at the bottom-left, clockwise (as the dealer sees them).
  const angle = Math.PI / 2 + (2 * Math.PI * (index + 0.5)) / count;
  return { left: 50 + rx * Math.cos(angle), top: 50 + ry * Math.sin(angle) };
}

function drawSeats(table) {
  const box = $("seats");
  box.replaceChildren();
  table.seats.forEach((seat, index) => {
    const div = document.createElement("div");
    div.className = "seat clickable";
    div.id = `seat-${seat.seat}`;
    div.dataset.seat = seat.seat;
    if (seat.folded) div.classList.add("folded");
    if (seat.to_act) div.classList.add("to-act");
    const where = seatPosition(index, table.seats.length);
    div.style.left = `${where.left}%`;
    div.style.top = `${where.top}%`;
    const name = document.createElement("div");
    name.className = "seat-name";
    name.textContent = t("seat", { n: seat.seat });
    if (seat.button) {
      const button = document.createElement("span");
      button.className = "dealer-button";
      button.textContent = t("button-mark");
      button.title = t("button");
      name.append(" ", button);
    }
    const tags = [];
    if (seat.small_blind) tags.push(t("pos-sb"));
    if (seat.big_blind) tags.push(t("pos-bb"));
    if (seat.straddle) tags.push(t("pos-straddle"));
    if (tags.length) name.append(` ${tags.join(" ")}`);
    const cards = document.createElement("div");
    cards.className = "cards";
    for (const card of seat.cards) cards.append(cardImage(card));
    const money = document.createElement("div");
    money.className = "money";
    money.textContent = `${t("stack")} ${seat.stack}`;
    if (seat.bet && seat.bet !== "0") money.textContent += ` · ${t("bet")} ${seat.bet}`;
    if (seat.all_in) money.textContent += ` · ${t("all-in")}`;
    if (seat.folded) money.textContent += ` · ${t("folded")}`;
    div.append(name, cards, money);
    box.append(div);
  });
}

function pile(id, count) {
  const box = $(id);
  box.replaceChildren();
  for (let index = 0; index < Math.min(count, 4); index += 1) box.append(cardImage(null));
}

function drawTable(table) {
  drawSeats(table);
  $("stub-count").textContent = table.stub;
  pile("burn-cards", table.burns);
  $("burn-count").textContent = table.burns;
  pile("muck-cards", table.muck);
  $("muck-count").textContent = table.muck;
  $("set-aside-cards").replaceChildren(...table.set_aside.map(cardImage));
  $("board-cards").replaceChildren(...table.board.map(cardImage));
  $("pots").replaceChildren(
    ...table.pots.map((one, position) => {
      const index = one.index ?? position;
      const span = document.createElement("span");
      span.className = "pot clickable";
      span.id = `pot-${index}`;
      span.dataset.index = index;
      span.dataset.amount = one.amount;
      span.textContent = `${potName(index)}: ${one.amount}`;
      if (pot && pot.index === index) span.classList.add("picked");
      return span;
    }),
  );
}

function potName(index) {
  return index === 0 ? t("main-pot") : t("side-pot", { n: index });
}

function ruleLink(rule) {
  const link = document.createElement("a");
  link.href = `/rule/${encodeURIComponent(rule)}?lang=${encodeURIComponent(lang)}`;
  link.target = "_blank";
  link.className = "rule-link";
  link.textContent = `${rule} · ${t("rule-link")}`;
  return link;
}

function showFeedback(state) {
  if (!state.lines) return;
  const box = $("feedback-lines");
  box.replaceChildren();
  $("feedback").className = `feedback ${state.wrong ? "refused" : "accepted"}`;
  for (const line of state.feedback || state.lines) {
    const p = document.createElement("pre");
    p.textContent = line;
    box.append(p);
  }
  for (const line of state.lines) {
    const entry = document.createElement("pre");
    entry.textContent = line;
    $("log").prepend(entry);
  }
  while ($("log").childElementCount > 200) $("log").lastElementChild.remove();
  if (state.rule) box.append(ruleLink(state.rule));
}

function showRuling(state) {
  // The hand's last ruling (its rule, ruleset and summary) and the steps it still owes.
  const ruling = !state.finished && state.ruling;
  $("ruling").hidden = !ruling;
  if (!ruling) return;
  const text = $("ruling-text");
  text.replaceChildren(ruling.text[0] || ruling.summary, " ", ruleLink(ruling.rule));
  const owed = state.owed || [];
  $("owed").hidden = !owed.length;
  $("owed").textContent = owed.length ? t("web-owed", { steps: owed.join(" · ") }) : "";
}

function showScore(state) {
  const score = state.score;
  $("score").hidden = !state.finished;
  if (!state.finished) return;
  $("score-right").textContent = score.steps_right;
  $("score-wrong").textContent = score.steps_wrong;
  $("score-hands").textContent = score.hands;
  $("score-seconds").textContent = score.seconds_per_hand;
  // First-try accuracy per skill, as the trainer scores it (a position counts once).
  $("score-skills").replaceChildren(
    ...Object.entries(score.skills).map(([skill, tally]) => {
      const row = document.createElement("tr");
      row.className = "skill";
      row.dataset.skill = skill;
      const name = document.createElement("th");
      name.textContent = (state.skill_names || {})[skill] || skill;
      const figures = document.createElement("td");
      figures.textContent = `${tally.first_right}/${tally.positions} (${Math.round(100 * tally.accuracy)}%)`;
      row.append(name, figures);
      return row;
    }),
  );
  const list = $("score-mistakes");
  list.replaceChildren();
  const entries = Object.entries(score.mistakes_by_rule);
  if (!entries.length) {
    const li = document.createElement("li");
    li.textContent = t("no-mistakes");
    list.append(li);
  }
  for (const [rule, count] of entries) {
    const li = document.createElement("li");
    li.className = "mistake";
    li.dataset.rule = rule;
    li.append(ruleLink(rule), ` × ${count}`);
    list.append(li);
  }
  $("progress-link").href = `/progress/${encodeURIComponent(state.trainee)}?lang=${encodeURIComponent(lang)}`;
}

let renders = 0; // tests wait for the page to have drawn an answer

function render(state) {
  session = state;
  renders += 1;
  document.body.dataset.renders = renders;
  $("session").hidden = false;
  $("setup").hidden = true;
  $("heading").textContent = state.heading;
  $("game").textContent = state.game || "";
  const awarding = !state.finished && state.awarding;
  if (!awarding) pickPot(null);
  if (state.table) drawTable(state.table);
  $("table").classList.toggle("awarding", awarding);
  const playing = !state.finished && !state.asking;
  for (const id of ["commands", "remedies"]) $(id).hidden = !playing || state.questions;
  $("award").hidden = !awarding;
  // The question panel: what the trainer said in this hand, its options, a line for the answer.
  $("quiz").hidden = state.finished || !(state.asking || (state.questions && state.transcript.length));
  // The open question's options are buttons below: not listed twice.
  const options = new Set((state.asking ? state.choices : []).map((text, index) => `  ${index + 1}. ${text}`));
  const told = (state.transcript || []).filter((line) => !options.has(line));
  const transcript = told.join("\n");
  if ($("transcript").textContent !== transcript) {
    // The story indented; the headings, the questions and the verdicts stand out.
    $("transcript").replaceChildren(
      ...told.map((line, index) => {
        const span = document.createElement(line.startsWith(" ") ? "span" : "strong");
        span.textContent = index ? `\n${line}` : line;
        return span;
      }),
    );
    $("transcript").scrollTop = $("transcript").scrollHeight;
    $("answer-text").value = "";
  }
  $("answer-form").hidden = !state.asking;
  $("choices").replaceChildren(
    ...(state.asking ? state.choices : []).map((text, index) => {
      const li = document.createElement("li");
      const button = document.createElement("button");
      button.type = "button";
      button.id = `choice-${index + 1}`;
      button.textContent = text;
      button.addEventListener("click", () => answer(index + 1));
      li.append(button);
      return li;
    }),
  );
  const expected = state.learn && state.expected;
  $("expected").hidden = !expected;
  $("expected").textContent = expected ? `${t("next-step")}: ${state.expected}` : "";
  for (const button of document.querySelectorAll("[data-step]")) {
    button.classList.toggle("suggested", Boolean(expected) && button.dataset.step === state.expected);
  }
  showFeedback(state);
  showRuling(state);
  showScore(state);
  $("end").hidden = state.finished;
  if (state.asking && !state.choices.length) $("answer-text").focus();
}

async function step(line) {
  if (!session || session.finished || busy) return;
  if (line === "push" && session.awarding) {
    // The pots are pushed award by award (the trainer pushes once every share is awarded).
    $("award-line").focus();
    return;
  }
  busy = true;
  try {
    const { status, data } = await call("POST", `/api/sessions/${session.id}/step`, { step: line });
    if (status === 200 || (status === 409 && data.id)) {
      showError("");
      render(data);
    } else {
      showError(problem(status, data));
    }
  } finally {
    busy = false;
  }
}

async function answer(said) {
  // A number picks an option; a text (an amount, seats, yes or no) is the answer as typed.
  if (!session || !session.asking || busy || said === "" || said === 0) return;
  busy = true;
  try {
    const { status, data } = await call("POST", `/api/sessions/${session.id}/answer`, { answer: said });
    if (status === 200) {
      showError("");
      render(data);
    } else {
      showError(problem(status, data));
    }
  } finally {
    busy = false;
  }
}

function pickPot(index) {
  // A pot picked for an award: the award line names it with its whole amount (change the
  // amount for a split pot), and the next seat click completes it.
  pot = index === null ? null : { index, amount: $(`pot-${index}`).dataset.amount };
  for (const span of document.querySelectorAll(".pot")) {
    span.classList.toggle("picked", pot !== null && Number(span.dataset.index) === index);
  }
  $("award-picked").hidden = !pot;
  if (!pot) return;
  // The award line in the page's language: "award main 120 to ", "分配 主池 120 給 " (issue 22).
  const words = index === 0 ? t("web-cmd-main") : `${t("web-cmd-side")} ${index}`;
  $("award-line").value = `${t("web-cmd-award")} ${words} ${pot.amount} ${t("web-cmd-to")} `;
  $("award-picked").textContent = t("web-award-pick-seat", { pot: potName(index), amount: pot.amount });
}

function award(line) {
  const said = line.trim();
  if (!said) return;
  pickPot(null);
  $("award-line").value = "";
  step(said);
}

function arm(what) {
  armed = what;
  $("armed").hidden = !what;
}

function clickSeat(seat) {
  if (session && session.asking) {
    // A question about seats (who shows first, who wins): the seat is added to the answer.
    const box = $("answer-text");
    box.value = `${box.value.trim()} ${seat}`.trim();
    box.focus();
    return;
  }
  if (session && session.awarding && !armed) {
    const line = $("award-line").value.trim();
    if (/ to$/.test(line)) award(`${line} ${seat}`);
    else $("award-line").focus(); // a pot first (click it), or the award typed
    return;
  }
  const what = armed;
  arm(null);
  step(what ? `${what} ${seat}` : `pitch ${seat}`);
}

function boardStep() {
  // The board's next cards: the flop when it is empty, the turn after three, the river after four.
  const count = session && session.table ? session.table.board.length : 0;
  return count === 0 ? "flop" : count === 3 ? "turn" : "river";
}

async function start(event) {
  event.preventDefault();
  const body = {
    trainee: $("trainee").value.trim(),
    drill: $("drill").value,
    hands: Number($("hands").value) || 3,
    ruleset: $("ruleset").value,
    learn: $("learn").checked,
    lang,
  };
  if ($("seed").value !== "") body.seed = Number($("seed").value);
  if (params.get("slips")) body.slips = params.get("slips").split(",");
  localStorage.setItem("dealer-trainee", body.trainee);
  const { status, data } = await call("POST", "/api/sessions", body);
  if (status === 201) {
    $("log").replaceChildren();
    showError("");
    render(data);
  } else {
    showError(problem(status, data, true));
  }
}

async function switchLanguage() {
  lang = $("lang").value;
  localStorage.setItem("dealer-lang", lang);
  params.set("lang", lang);
  history.replaceState(null, "", `${location.pathname}?${params}`);
  await loadTexts();
  if (session) {
    const { status, data } = await call("GET", `/api/sessions/${session.id}?lang=${encodeURIComponent(lang)}`);
    render(status === 200 ? data : { ...session, lines: undefined });
  }
}

const KEYS = {
  b: "burn", f: "flop", t: "turn", r: "river", p: "post", s: "shuffle", c: "cut",
  d: "showdown", u: "push", m: "move button", g: "gather",
};

function onKey(event) {
  if (event.target.closest("input, select, textarea") || event.ctrlKey || event.metaKey || event.altKey) return;
  if (!session || session.finished) return;
  if (/^[0-9]$/.test(event.key)) {
    if (session.asking && !session.choices.length) {
      $("answer-text").focus(); // the digit is typed into the answer (an amount, a seat)
      return;
    }
    event.preventDefault();
    if (session.asking) answer(Number(event.key));
    else clickSeat(event.key === "0" ? 10 : Number(event.key)); // 0 is seat 10
    return;
  }
  if (event.key.toLowerCase() === "a" && session.awarding) {
    event.preventDefault();
    $("award-line").focus();
    return;
  }
  const line = KEYS[event.key.toLowerCase()];
  if (line && !session.asking) {
    event.preventDefault();
    step(line);
  } else if (event.key === "Escape") {
    arm(null);
    pickPot(null);
  }
}

async function end() {
  if (!session) return;
  const { status, data } = await call("POST", `/api/sessions/${session.id}/end`);
  if (status === 200) render(data);
  else showError(problem(status, data));
}

document.addEventListener("DOMContentLoaded", async () => {
  await loadTexts();
  for (const name of ["trainee", "drill", "hands", "ruleset", "seed"]) {
    if (params.get(name)) $(name).value = params.get(name);
  }
  if (!$("trainee").value) $("trainee").value = localStorage.getItem("dealer-trainee") || "";
  if (params.get("learn") === "1") $("learn").checked = true;
  $("setup").addEventListener("submit", start);
  $("lang").addEventListener("change", switchLanguage);
  $("end").addEventListener("click", end);
  $("again").addEventListener("click", () => {
    session = null;
    for (const id of ["session", "score"]) $(id).hidden = true;
    $("setup").hidden = false;
    $("feedback-lines").replaceChildren();
  });
  $("seats").addEventListener("click", (event) => {
    const seat = event.target.closest(".seat");
    if (seat) clickSeat(Number(seat.dataset.seat));
  });
  $("stub").addEventListener("click", () => step("burn"));
  $("pots").addEventListener("click", (event) => {
    const span = event.target.closest(".pot");
    if (span && session && session.awarding) pickPot(Number(span.dataset.index));
  });
  $("answer-form").addEventListener("submit", (event) => {
    event.preventDefault();
    const said = $("answer-text").value.trim();
    if (said) answer(/^[0-9]$/.test(said) && session.choices.length ? Number(said) : said);
  });
  $("award-form").addEventListener("submit", (event) => {
    event.preventDefault();
    award($("award-line").value);
  });
  $("board").addEventListener("click", () => step(boardStep()));
  for (const button of document.querySelectorAll("[data-step]")) {
    button.addEventListener("click", () => step(button.dataset.step));
  }
  for (const button of document.querySelectorAll("[data-arm]")) {
    button.addEventListener("click", () => arm(button.dataset.arm));
  }
  document.addEventListener("keydown", onKey);
  document.body.dataset.ready = "1";
});
