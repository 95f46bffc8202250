"""The server-drawn pages: the floor desk, a ruling's printable page, the progress pages.

Plain HTML, every value escaped; the rulings' words are the rulebook's, as ``dealer rule`` prints
them (:func:`dealer.apps.floor.answer.rule_as_json`), the page's own words are :mod:`.texts`.
"""

from __future__ import annotations

import datetime
import math
from collections.abc import Sequence
from html import escape
from typing import Any
from urllib.parse import quote, urlencode

from dealer.apps.floor.answer import rule_as_json
from dealer.apps.floor.ask import location, place_words
from dealer.apps.floor.guided import GAMES, MISHAPS
from dealer.apps.floor.which import ask_line, candidates
from dealer.apps.web.store import SkillRecord, StoredSession
from dealer.apps.web.texts import page_text
from dealer.apps.web.trainer_adapter import SEEDED, drill_name
from dealer.rules.rulebook import Lang, book, rule
from dealer.rules.search import Answer, Verdict
from dealer.rules.texts import message

# The account bar's place on every page (who is signed in, or that the server answers this
# machine only): the page template puts it, accounts.Guard fills it.
ACCOUNT_SLOT = "<!--account-->"

__all__ = [
    "ask_page",
    "floor_page",
    "not_found_page",
    "progress_index_page",
    "progress_page",
    "rule_page",
    "table_html",
]

LANG_NAMES = {Lang.EN: "English", Lang.ZH_HANS: "简体中文", Lang.ZH_HANT: "繁體中文"}


def _q(**params: str) -> str:
    return urlencode({key: value for key, value in params.items() if value})


def _shell(title: str, body: str, lang: Lang, here: str, params: dict[str, str]) -> str:
    """The page frame: navigation, the language switch (the same page in each language)."""

    def t(key: str) -> str:
        return escape(page_text(key, lang))

    switch = " · ".join(
        f'<a href="{escape(here)}?{escape(_q(**params, lang=other.value))}" lang="{other.value}"'
        f' id="lang-{other.value}"{" class=current" if other is lang else ""}>{name}</a>'
        for other, name in LANG_NAMES.items()
    )
    nav = (
        f'<a href="/trainer?lang={lang.value}">{t("nav-trainer")}</a>'
        f'<a href="/floor?lang={lang.value}">{t("nav-floor")}</a>'
        f'<a href="/ask?lang={lang.value}">{t("nav-ask")}</a>'
        f'<a href="/progress?lang={lang.value}">{t("nav-progress")}</a>'
        f'<a href="/rules?lang={lang.value}">{t("nav-rules")}</a>'
        f'<a href="/exam?lang={lang.value}">{t("nav-exam")}</a>'
    )
    return (
        f'<!doctype html>\n<html lang="{lang.value}"><head><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        f"<title>{escape(title)}</title>"
        '<link rel="stylesheet" href="/static/style.css"></head>'
        f'<body>{ACCOUNT_SLOT}<header><nav>{nav}</nav><div class="langs">'
        f"{t('language')}{_colon(lang)}{switch}</div>"
        f"</header><main>{body}</main></body></html>\n"
    )


def _label(key: str, lang: Lang) -> str:
    return escape(book().label(key, lang))


def _colon(lang: Lang) -> str:
    """``: `` or ``：``, as the rulebook writes it in ``lang``."""
    return escape(book().label("colon", lang))


def _ruling_html(ruling: dict[str, Any], lang: Lang) -> str:
    parts = [
        f'<p class="summary"><b>{_label("summary", lang)}</b>{_colon(lang)}'
        f"{escape(ruling['summary'])}</p>"
    ]
    if ruling["cards"]:
        items = "".join(
            f"<li>{_label('fate-' + card['fate'], lang)}{_colon(lang)}{escape(card['text'])}</li>"
            for card in ruling["cards"]
        )
        parts.append(f"<h3>{_label('cards', lang)}</h3><ul>{items}</ul>")
    parts.append(
        f"<p><b>{_label('chips', lang)}</b>{_colon(lang)}"
        f"{_label('chips-' + ruling['chips'], lang)}</p>"
    )
    steps = "".join(f"<li>{escape(step['text'])}</li>" for step in ruling["steps"])
    parts.append(
        f"<h3>{_label('steps', lang)}</h3>"
        + (f'<ol class="steps">{steps}</ol>' if steps else f"<p>{_label('no-steps', lang)}</p>")
    )
    if ruling["conditions"]:
        parts.append(
            f"<p><b>{_label('conditions', lang)}</b>{_colon(lang)}"
            f"{escape(ruling['conditions'])}</p>"
        )
    sources = "".join(f"<li>{escape(source['trace'])}</li>" for source in ruling["sources"])
    parts.append(f'<h3>{_label("sources", lang)}</h3><ul class="sources">{sources}</ul>')
    for name, branch in ruling["branches"].items():
        parts.append(f'<section class="branch"><h3>{_label(name, lang)}</h3>')
        parts.append(_ruling_html(branch, lang) + "</section>")
    return "".join(parts)


def _rule_html(rule_id: str, ruleset: str, lang: Lang) -> str:
    data = rule_as_json(rule(rule_id), ruleset, lang)
    head = (
        f'<article class="rule" id="rule-{escape(data["id"])}">'
        f'<h2><span class="rule-id">{escape(data["id"])}</span> {escape(data["title"])}</h2>'
        f"<p>{_label('section', lang)}{_colon(lang)}{_label('section-' + data['section'], lang)} · "
        f"{_label('ruleset', lang)}{_colon(lang)}{escape(ruleset)}</p>"
    )
    if data["trigger"]:
        head += f"<p><b>{_label('trigger', lang)}</b>{_colon(lang)}{escape(data['trigger'])}</p>"
    if data["ruling"] is None:
        sources = "".join(f"<li>{escape(s['trace'])}</li>" for s in data["sources"])
        body = (
            f"<p><b>{_label('rule', lang)}</b>{_colon(lang)}{escape(data['summary'])}</p>"
            f'<h3>{_label("sources", lang)}</h3><ul class="sources">{sources}</ul>'
        )
        return head + body + "</article>"
    body = _ruling_html(data["ruling"], lang)
    others = []
    for name, other in data["other_rulesets"].items():
        verdict = _label("same", lang) if other["same"] else _label("differs", lang)
        summary = "" if other["same"] else f"{_colon(lang)}{escape(other['summary'])}"
        others.append(f"<li>{escape(name)} ({verdict}){summary}</li>")
    if others:
        body += f"<h3>{_label('other-rulesets', lang)}</h3><ul>{''.join(others)}</ul>"
    return head + body + "</article>"


def rule_page(rule_id: str, ruleset: str, lang: Lang) -> str:
    """``/rule/ID``: one ruling, printable, its URL stable."""
    found = rule(rule_id)
    body = _rule_html(found.id, ruleset, lang)
    printing = escape(page_text("print", lang))
    body += f'<p class="noprint"><button onclick="window.print()">{printing}</button></p>'
    return _shell(f"{found.id} · {found.title.get(lang)}", body, lang, f"/rule/{quote(found.id)}",
                  {"ruleset": ruleset})  # fmt: skip


def _rulesets_select(ruleset: str) -> str:
    options = "".join(
        f'<option value="{escape(name)}"{" selected" if name == ruleset else ""}>'
        f"{escape(name)}</option>"
        for name in book().rulesets
    )
    return f'<select name="ruleset" id="ruleset">{options}</select>'


def _rule_link(rule_id: str, ruleset: str, lang: Lang) -> str:
    title = rule(rule_id).title.get(lang)
    href = f"/rule/{quote(rule_id)}?{_q(ruleset=ruleset, lang=lang.value)}"
    return f'<a href="{escape(href)}" class="match">{escape(rule_id)}</a> {escape(title)}'


def _paren(text: str, lang: Lang) -> str:
    """Text in brackets, full-width in Chinese."""
    return f"({escape(text)})" if lang is Lang.EN else f"（{escape(text)}）"


def floor_page(query: str, ruleset: str, lang: Lang, found: Answer | None) -> str:
    """The floor desk: the search form, then one of three answers: the rule in full; "which
    one?" with the candidates and the question that tells them apart; or no rule covers it."""

    def t(key: str) -> str:
        return escape(page_text(key, lang))

    form = (
        f'<form method="get" action="/floor" class="search"><input type="hidden" name="lang"'
        f' value="{lang.value}"><input name="q" id="q" value="{escape(query)}"'
        f' placeholder="{t("search-hint")}" autofocus> {_rulesets_select(ruleset)}'
        f' <button id="search" type="submit">{t("search")}</button></form>'
    )
    body = f"<h1>{t('floor-title')}</h1>{form}"
    if found is not None and found.kind is Verdict.NONE:
        body += f'<p class="nomatch" id="no-rule">{t("no-rule")}</p>'
        if found.ids:
            links = ", ".join(_rule_link(rule_id, ruleset, lang) for rule_id in found.ids)
            body += f"<p>{t('closest')}{_colon(lang)}{links}</p>"
    elif found is not None and found.kind is Verdict.WHICH:
        items = "".join(
            f'<li class="candidate" data-rule="{escape(item["id"])}">'
            f"{_rule_link(item['id'], ruleset, lang)}"
            + (f' <span class="value">[{escape(item["value"])}]</span>' if item["value"] else "")
            + f' <span class="kind">{_paren(item["kind_text"], lang)}</span>'
            f'<br><span class="summary">{escape(item["summary"])}</span></li>'
            for item in candidates(found, lang)
        )
        body += (
            f'<section id="which"><h2>{t("which")}</h2>'
            f'<p class="ask" id="ask">{escape(ask_line(found, lang))}</p>'
            f'<ol class="candidates">{items}</ol></section>'
        )
    elif found is not None:
        body += _rule_html(found.ids[0], ruleset, lang)
    return _shell(
        page_text("floor-title", lang), body, lang, "/floor", {"q": query, "ruleset": ruleset}
    )


def _when(stamp: float) -> str:
    return datetime.datetime.fromtimestamp(stamp, datetime.UTC).strftime("%Y-%m-%d %H:%M UTC")


def progress_index_page(trainees: Sequence[str], lang: Lang) -> str:
    items = "".join(
        f'<li><a href="/progress/{quote(name)}?lang={lang.value}">{escape(name)}</a></li>'
        for name in trainees
    )
    body = f"<h1>{escape(page_text('trainees', lang))}</h1>"
    body += f"<ul>{items}</ul>" if items else f"<p>{escape(page_text('no-sessions', lang))}</p>"
    return _shell(page_text("progress-title", lang), body, lang, "/progress", {})


def _skill_name(skill: SkillRecord, lang: Lang) -> str:
    kind, name = skill.skill.split(":", 1)
    if kind == "drill":
        return escape(drill_name(name, lang))
    try:
        return f"{escape(name)} {escape(rule(name).title.get(lang))}"
    except KeyError:
        return escape(name)


def progress_page(
    trainee: str, sessions: Sequence[StoredSession], skills: Sequence[SkillRecord], lang: Lang
) -> str:
    """One trainee: every session's score, and the skills (drills, rules broken)."""

    def t(key: str) -> str:
        return escape(page_text(key, lang))

    rows = "".join(
        f'<tr class="session"><td>{_when(s.finished)}</td>'
        f"<td>{escape(drill_name(str(s.report['drill']), lang))}</td>"
        f"<td>{escape(str(s.report['ruleset']))}</td><td>{s.report['hands']}</td>"
        f"<td class=right>{s.report['steps_right']}</td>"
        f"<td class=wrong>{s.report['steps_wrong']}</td>"
        f"<td>{s.report['seconds_per_hand']}</td>"
        f"<td>{escape(', '.join(f'{k}×{v}' for k, v in s.report['mistakes_by_rule'].items()))}</td>"
        f'<td><a href="/api/reports/{s.id}">JSON</a></td></tr>'
        for s in reversed(sessions)
    )
    table = (
        f'<table id="sessions"><tr><th>{t("when")}</th><th>{t("drill")}</th><th>{t("ruleset")}</th>'
        f"<th>{t('hands')}</th><th>{t('steps-right')}</th><th>{t('steps-wrong')}</th>"
        f"<th>{t('seconds-per-hand')}</th><th>{t('mistakes')}</th><th></th></tr>{rows}</table>"
        if rows
        else f"<p>{t('no-sessions')}</p>"
    )
    skill_rows = "".join(
        f'<tr class="skill" data-skill="{escape(s.skill)}"><td>{_skill_name(s, lang)}</td>'
        f"<td class=right>{s.right}</td><td class=wrong>{s.wrong}</td>"
        f"<td>{'' if s.accuracy is None else f'{s.accuracy}%'}</td></tr>"
        for s in skills
    )
    export = f"/progress/{quote(trainee)}/export.json"
    body = (
        f"<h1>{t('progress-title')}{_colon(lang)}{escape(trainee)}</h1>"
        f'<p><a href="{escape(export)}" id="export">{t("export")}</a> · '
        f'<a href="{escape(export[:-4])}csv?lang={lang.value}" id="export-csv">'
        f"{t('export-csv')}</a></p>"
        f'<h2>{t("skills")}</h2><table id="skills"><tr><th>{t("skill")}</th>'
        f"<th>{t('steps-right')}</th><th>{t('mistakes')}</th><th>{t('accuracy')}</th></tr>"
        f"{skill_rows}</table><h2>{t('sessions')}</h2>{table}"
    )
    return _shell(page_text("progress-title", lang), body, lang, f"/progress/{quote(trainee)}", {})


def not_found_page(message: str, lang: Lang) -> str:
    body = f"<h1>{escape(page_text('not-found', lang))}</h1><p>{escape(message)}</p>"
    return _shell(page_text("error", lang), body, lang, "/floor", {})


def _card(code: str | None, css: str = "card") -> str:
    name = code if code is not None else "back"
    alt = code if code is not None else "▮"
    data = f' data-card="{escape(code)}"' if code is not None else ""
    return f'<img class="{css}" src="/static/cards/{escape(name)}.svg" alt="{alt}"{data}>'


def table_html(view: dict[str, Any], lang: Lang) -> str:
    """The table drawn as on the trainer page (the same classes), from :func:`.view.table_view`."""

    def t(key: str, **fields: object) -> str:
        return escape(page_text(key, lang, **fields))

    seats = []
    count = len(view["seats"])
    for index, seat in enumerate(view["seats"]):
        angle = math.pi / 2 + 2 * math.pi * (index + 0.5) / count
        left, top = 50 + 44 * math.cos(angle), 50 + 40 * math.sin(angle)
        tags = [
            t(key)
            for key, on in (("pos-sb", seat["small_blind"]), ("pos-bb", seat["big_blind"]),
                            ("pos-straddle", seat["straddle"]))
            if on
        ]  # fmt: skip
        button = f' <span class="dealer-button">{t("button-mark")}</span>' if seat["button"] else ""
        money = f"{t('stack')} {escape(seat['stack'])}"
        if seat["bet"] != "0":
            money += f" · {t('bet')} {escape(seat['bet'])}"
        if seat["all_in"]:
            money += f" · {t('all-in')}"
        if seat["folded"]:
            money += f" · {t('folded')}"
        css = "seat" + (" folded" if seat["folded"] else "") + (" to-act" if seat["to_act"] else "")
        seats.append(
            f'<div class="{css}" id="seat-{seat["seat"]}" style="left:{left:.1f}%;top:{top:.1f}%">'
            f'<div class="seat-name">{t("seat", n=seat["seat"])}{button} {" ".join(tags)}</div>'
            f'<div class="cards">{"".join(_card(card) for card in seat["cards"])}</div>'
            f'<div class="money">{money}</div></div>'
        )

    def pile(key: str, cards: str, count: int | None = None) -> str:
        shown = "" if count is None else f'<span class="count">{count}</span>'
        return (
            f'<div class="pile" id="{key}"><span class="pile-name">{t(key)}</span>'
            f'<div class="stack">{cards}</div>{shown}</div>'
        )

    backs = [_card(None)] * 4
    piles = "".join(
        [
            pile("stub", backs[0], view["stub"]),
            pile("burns", "".join(backs[: min(view["burns"], 4)]), view["burns"]),
            pile("muck", "".join(backs[: min(view["muck"], 4)]), view["muck"]),
            pile("set-aside", "".join(_card(card) for card in view["set_aside"])),
        ]
    )
    board = "".join(_card(card) for card in view["board"])
    pots = "".join(
        f'<span class="pot">{t("main-pot") if n == 0 else t("side-pot", n=n)}{_colon(lang)}'
        f"{escape(pot['amount'])}</span>"
        for n, pot in enumerate(view["pots"])
    )
    return (
        f'<div class="table" id="table"><div>{"".join(seats)}</div><div class="centre">'
        f'<div class="piles">{piles}</div><div class="board" id="board">'
        f'<span class="pile-name">{t("board")}</span><div class="cards">{board}</div></div>'
        f'<div class="pots">{pots}</div></div></div>'
    )


def _real_table_form(form: dict[str, Any], lang: Lang) -> str:
    """The real table, as ``dealer ask`` without a file asks for it: the game, the seats and
    the button, what the dealer did, which seat or card, the cards the table saw."""

    def t(key: str) -> str:
        return escape(page_text(key, lang))

    def said(key: str) -> str:
        return escape(message(key, lang))

    did = "".join(
        f'<option value="{m.key}"{" selected" if m.key == form.get("did") else ""}>'
        f"{said('street-' + m.street)} · {said(m.label)}</option>"
        for m in MISHAPS
    )
    games = "".join(
        f'<option value="{g}"{" selected" if g == form.get("game") else ""}>'
        f"{said('game-' + g)}</option>"
        for g in GAMES
    )

    def number(name: str, key: str, low: int, high: int, default: int) -> str:
        value = form.get(name, default)
        return (f'<label>{t(key)} <input name="{name}" id="real-{name}" type="number"'
                f' min="{low}" max="{high}" value="{value}"></label>')  # fmt: skip

    return (
        f"<h2>{t('real-title')}</h2>"
        '<form method="get" action="/ask" class="setup" id="real-table">'
        f'<input type="hidden" name="lang" value="{lang.value}">'
        f'<label>{t("real-did")} <select name="did" id="real-did">{did}</select></label>'
        f'<label>{t("real-game")} <select name="game">{games}</select></label>'
        + number("players", "players", 2, 9, 6)
        + number("button", "real-button", 1, 9, 1)
        + number("place", "real-place", 1, 18, 1)
        + number("actions", "real-actions", 0, 8, 0)
        + f'<label>{t("real-cards")} <input name="cards" id="real-cards"'
        f' value="{escape(str(form.get("cards", "")))}" placeholder="Kh Td"></label>'
        f"<label>{_label('ruleset', lang)} {_rulesets_select(form['ruleset'])}</label>"
        f'<button type="submit" id="real-ask">{t("ask")}</button></form>'
    )


def ask_page(
    form: dict[str, Any],
    lang: Lang,
    view: dict[str, Any] | None,
    facts: dict[str, Any] | None,
) -> str:
    """The guided ask: pick what happened; the table dealt to that moment; the floor's answer
    (the same facts as ``dealer ask --json``)."""

    def t(key: str, **fields: object) -> str:
        return escape(page_text(key, lang, **fields))

    chosen = form.get("situation", "turn-early")
    options = "".join(
        f'<option value="{m.key}"{" selected" if m.key == chosen else ""}>'
        f"{escape(message(f'street-{m.street}', lang))} · {escape(message(m.label, lang))}"
        "</option>"
        for m in MISHAPS
        if m.key in SEEDED  # the situations a dealt hand reaches (the real table reaches all)
    )
    body = (
        f"<h1>{t('ask-title')}</h1><p>{t('ask-hint')}</p>"
        '<form method="get" action="/ask" class="setup">'
        f'<input type="hidden" name="lang" value="{lang.value}">'
        f'<label>{t("situation")} <select name="situation" id="situation">{options}'
        "</select></label>"
        f'<label>{t("players")} <input name="players" type="number" min="2" max="10"'
        f' value="{form.get("players", 6)}"></label>'
        f'<label>{t("table-number")} <input name="seed" type="number" min="0"'
        f' value="{form.get("seed", 1)}"></label>'
        f'<label>{t("moment")} <input name="moment" type="number" min="1" max="20"'
        f' value="{form.get("moment", 1)}"></label>'
        f"<label>{_label('ruleset', lang)} {_rulesets_select(form['ruleset'])}</label>"
        f'<button type="submit" id="ask">{t("ask")}</button></form>'
    )
    body += _real_table_form(form, lang)
    if "seed" in form:
        another = _q(**{key: str(value) for key, value in form.items()} | {
            "seed": str(form["seed"] + 1), "lang": lang.value})  # fmt: skip
        body += f'<p><a href="/ask?{escape(another)}" id="another">{t("another-table")}</a></p>'
    if view is None or facts is None:
        body += f'<p class="nomatch">{t("no-situation")}</p>'
        return _shell(page_text("ask-title", lang), body, lang, "/ask", {})
    body += table_html(view, lang)
    colon = _colon(lang)
    card_line = book().label("ask-card", lang)
    # The ruling names its cards in English only; other languages name them by their fate.
    fates = {card["card"]: card["fate"] for card in facts["ruling"]["ruling"]["cards"]}
    lines = []
    for item in facts["cards"]:
        name = item["name"]
        if lang is not Lang.EN:
            fate = fates.get(name)
            name = book().label(f"fate-{fate}", lang) if fate else book().label("cards", lang)
        lines.append(
            card_line.format(name=name, card=item["card"], place=place_words(location(item), lang))
        )
    if facts["to_act"] is not None:
        lines.append(book().label("ask-to-act", lang).format(seat=facts["to_act"]))
    listed = "".join(f"<li>{escape(line)}</li>" for line in lines)
    owed = "".join(f"<li>{escape(text)}</li>" for text in facts["owed"])
    body += (
        f'<section id="answer"><h2>{_label("ask-irregularity", lang)}{colon}'
        f'<span class="rule-id">{escape(facts["irregularity"])}</span>'
        f" {escape(facts['title'])}</h2>"
        f'<h3>{t("on-this-table")}</h3><ul id="on-table">{listed}</ul>'
        + (f'<h3>{_label("ask-owed", lang)}</h3><ol id="owed">{owed}</ol>' if owed else "")
        + f"<p><b>{_label('ask-next', lang)}</b>{colon}{escape(facts['next'])}</p></section>"
        + _rule_html(facts["irregularity"], facts["ruling"]["ruleset"], lang)
    )
    return _shell(page_text("ask-title", lang), body, lang, "/ask", {
        key: str(value) for key, value in form.items()})  # fmt: skip
