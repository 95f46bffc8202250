"""The school's pages (issue 26): signing in, joining a class, an instructor's classes, the class
grid (trainees × skills, from :mod:`dealer.apps.training.grid`), and one trainee by skill and by
rule. Plain HTML, every value escaped, every word from ``procedures/texts`` (``web-school-*``)."""

from __future__ import annotations

from collections.abc import Sequence
from html import escape
from urllib.parse import quote

from dealer.apps.present.texts import say
from dealer.apps.training.grid import Cell, Grid, Status, TraineeDetail, overall
from dealer.apps.training.scoring import Skill
from dealer.apps.web.chart import progress_svg
from dealer.apps.web.pages import _colon, _shell, _when
from dealer.apps.web.store import ClassRecord
from dealer.apps.web.texts import page_text
from dealer.apps.web.trainer_adapter import drill_name
from dealer.rules.rulebook import Lang, rule

__all__ = [
    "class_page",
    "classes_page",
    "signin_page",
    "signup_page",
    "trainee_page",
]


def _t(key: str, lang: Lang, **fields: object) -> str:
    return escape(page_text(key, lang, **fields))


def _hidden(csrf: str) -> str:
    return f'<input type="hidden" name="csrf" value="{escape(csrf)}">'


def _error(error: str | None) -> str:
    return f'<p class="error" id="error" role="alert">{escape(error)}</p>' if error else ""


def _field(label: str, name: str, kind: str = "text", value: str = "") -> str:
    auto = {"password": "current-password", "text": "off"}.get(kind, "off")
    return (
        f'<label>{label} <input type="{kind}" name="{name}" id="{name}" value="{escape(value)}"'
        f' autocomplete="{auto}" required></label> '
    )


def signin_page(lang: Lang, csrf: str, target: str, error: str | None = None) -> str:
    body = (
        f"<h1>{_t('school-signin-title', lang)}</h1>{_error(error)}"
        f'<form method="post" action="/signin?lang={lang.value}" id="signin">{_hidden(csrf)}'
        f'<input type="hidden" name="next" value="{escape(target)}">'
        f"{_field(_t('school-name', lang), 'name')}"
        f"{_field(_t('school-password', lang), 'password', 'password')}"
        f'<button type="submit">{_t("school-signin", lang)}</button></form>'
        f'<p><a href="/signup?lang={lang.value}">{_t("school-signup-title", lang)}</a></p>'
    )
    return _shell(page_text("school-signin-title", lang), body, lang, "/signin", {})


def signup_page(lang: Lang, csrf: str, invite: str, error: str | None = None) -> str:
    body = (
        f"<h1>{_t('school-signup-title', lang)}</h1>{_error(error)}"
        f'<form method="post" action="/signup?lang={lang.value}" id="signup">{_hidden(csrf)}'
        f"{_field(_t('school-invite', lang), 'invite', value=invite)}"
        f"{_field(_t('school-name', lang), 'name')}"
        f"{_field(_t('school-password', lang), 'password', 'password')}"
        f'<button type="submit">{_t("school-signup", lang)}</button></form>'
    )
    return _shell(page_text("school-signup-title", lang), body, lang, "/signup", {})


def classes_page(
    classes: Sequence[ClassRecord], lang: Lang, csrf: str, error: str | None = None
) -> str:
    items = "".join(
        f'<li><a href="/classes/{c.id}?lang={lang.value}" class="class-link">{escape(c.name)}</a>'
        "</li>"
        for c in classes
    )
    body = (
        f"<h1>{_t('school-classes', lang)}</h1>{_error(error)}"
        + (f'<ul id="classes">{items}</ul>' if items else f"<p>{_t('school-no-classes', lang)}</p>")
        + f"<h2>{_t('school-new-class', lang)}</h2>"
        f'<form method="post" action="/classes?lang={lang.value}" id="new-class">{_hidden(csrf)}'
        f"{_field(_t('school-class-name', lang), 'name')}"
        f'<button type="submit">{_t("school-create", lang)}</button></form>'
    )
    return _shell(page_text("school-classes", lang), body, lang, "/classes", {})


def _status(cell: Cell, lang: Lang) -> str:
    return _t(f"school-status-{cell.status.value}", lang)


def _percent(value: float | None) -> str:
    return "" if value is None else f"{round(100 * value)}%"


def _skill(skill: Skill, lang: Lang) -> str:
    return escape(say(f"skill-{skill.value}", lang))


def _cell_html(cell: Cell, lang: Lang) -> str:
    if cell.status is Status.NOT_ATTEMPTED:
        return (
            f'<td class="cell not-attempted" data-skill="{cell.skill.value}"'
            f' data-status="{cell.status.value}">{_status(cell, lang)}</td>'
        )
    return (
        f'<td class="cell {cell.status.value}" data-skill="{cell.skill.value}"'
        f' data-status="{cell.status.value}"><b>{_percent(cell.accuracy)}</b>'
        f" {cell.first_right}/{cell.positions} · "
        f"{_t('school-attempts', lang, n=cell.attempts)}<br>{_status(cell, lang)}</td>"
    )


def class_page(
    school_class: ClassRecord, grid: Grid, lang: Lang, csrf: str, error: str | None = None
) -> str:
    """The class grid: a row per trainee, a column per skill, then the roster form."""
    base = f"/classes/{school_class.id}"
    head = "".join(
        f"<th>{_skill(skill, lang)}"
        + (
            f"<br><small>{_t('school-pass-mark', lang)}{_colon(lang)}{_percent(mark)}</small>"
            if (mark := grid.school.passing.get(skill.value)) is not None
            else ""
        )
        + "</th>"
        for skill in Skill
    )
    rows = "".join(
        f'<tr class="trainee" data-trainee="{escape(row.trainee)}"><th>'
        f'<a href="{base}/trainees/{quote(row.trainee)}?lang={lang.value}">'
        f"{escape(row.trainee)}</a><br><small>{_t('school-attempts', lang, n=row.sessions)}"
        f"</small></th>" + "".join(_cell_html(cell, lang) for cell in row.cells) + "</tr>"
        for row in grid.rows
    )
    table = (
        f'<div class="grid-wrap"><table id="grid" class="grid"><tr><th>{_t("trainee", lang)}</th>'
        f"{head}</tr>{rows}</table></div>"
        if rows
        else f"<p>{_t('school-no-trainees', lang)}</p>"
    )
    lines = [(row.trainee, overall(grid, row.trainee)) for row in grid.rows]
    chart = (
        f"<h2>{_t('school-progress-chart', lang)}</h2>"
        + progress_svg(lines, page_text("school-progress-chart", lang))
        if any(points for _, points in lines)
        else ""
    )
    body = (
        _GRID_STYLE + f"<h1>{_t('school-class-title', lang, name=school_class.name)}</h1>"
        f"{_error(error)}"
        f"<p>{_t('school-invite-line', lang)}{_colon(lang)}"
        f'<code id="invite">{escape(school_class.invite)}</code> '
        f'(<a href="/signup?invite={quote(school_class.invite)}&amp;lang={lang.value}">'
        f"{_t('school-signup-title', lang)}</a>)</p>"
        f'<p><a href="{base}/grid.csv" id="grid-csv" download>{_t("school-csv", lang)}</a></p>'
        f"{table}{chart}<h2>{_t('school-add-trainee', lang)}</h2>"
        f'<form method="post" action="{base}/trainees?lang={lang.value}" id="add-trainee">'
        f"{_hidden(csrf)}{_field(_t('school-name', lang), 'name')}"
        f"{_field(_t('school-password', lang), 'password', 'password')}"
        f'<button type="submit">{_t("school-add", lang)}</button></form>'
    )
    return _shell(page_text("school-class-title", lang, name=school_class.name), body, lang,
                  base, {})  # fmt: skip


# The grid's own look, kept with it (the site's style sheet is the trainer's).
_GRID_STYLE = (
    "<style>.grid-wrap{overflow-x:auto}.grid{border-collapse:collapse;font-size:.85em}"
    ".grid th,.grid td{border:1px solid #ccc;padding:.3em .4em;vertical-align:top}"
    ".grid td.pass{background:#e3f4e3}.grid td.fail{background:#fbe3e0}"
    ".grid td.too-few{background:#fdf5dc}.grid td.not-attempted{color:#777}</style>"
)


def trainee_page(school_class: ClassRecord, detail: TraineeDetail, lang: Lang) -> str:
    """One trainee: the skills with progress over time, the mistakes by rule with the sources."""
    row = detail.row
    drilled = [cell for cell in row.cells if cell.history]
    chart = progress_svg(
        [(say(f"skill-{cell.skill.value}", lang), cell.history) for cell in drilled],
        page_text("school-progress-chart", lang),
    )
    skills = "".join(
        f'<tr data-skill="{cell.skill.value}" data-status="{cell.status.value}">'
        f"<td>{_skill(cell.skill, lang)}</td><td>{cell.attempts}</td><td>{cell.positions}</td>"
        f"<td>{cell.first_right}</td><td>{_percent(cell.accuracy)}</td>"
        f"<td>{_percent(cell.mark)}</td><td>{_status(cell, lang)}</td></tr>"
        for cell in row.cells
    )
    rules = "".join(
        f'<tr data-rule="{escape(tally.rule)}"><td><a href="/rule/{quote(tally.rule)}?lang='
        f'{lang.value}">{escape(tally.rule)}</a> {escape(_title(tally.rule, lang))}</td>'
        f"<td>{tally.mistakes}</td><td>{_skill(tally.skill, lang)}</td>"
        f"<td>{escape('; '.join(tally.sources))}</td></tr>"
        for tally in detail.rules
    )
    mistakes = "".join(
        f"<tr><td>{_when(m.when)}</td><td>{escape(drill_name(m.drill, lang))}</td>"
        f"<td>{m.hand}</td><td>{escape(m.expected)}</td><td>{escape(m.got)}</td>"
        f"<td>{escape(m.rule)}</td></tr>"
        for m in detail.mistakes
    )
    heads = ("skill", "school-attempts-head", "school-positions", "school-first-right", "accuracy",
             "school-pass-mark", "school-status")  # fmt: skip
    body = (
        f"<h1>{escape(row.trainee)}</h1>"
        f'<p><a href="/classes/{school_class.id}?lang={lang.value}">'
        f"{escape(school_class.name)}</a> · "
        f'<a href="/progress/{quote(row.trainee)}?lang={lang.value}">'
        f"{_t('sessions', lang)}</a></p>"
        f"<h2>{_t('school-progress-chart', lang)}</h2>"
        + (chart if drilled else f"<p>{_t('no-sessions', lang)}</p>")
        + f'<h2>{_t("school-by-skill", lang)}</h2><table id="by-skill"><tr>'
        + "".join(f"<th>{_t(key, lang)}</th>" for key in heads)
        + f"</tr>{skills}</table><h2>{_t('school-by-rule', lang)}</h2>"
        + (
            f'<table id="by-rule"><tr><th>{_t("school-rule", lang)}</th>'
            f"<th>{_t('mistakes', lang)}</th><th>{_t('skill', lang)}</th>"
            f"<th>{_t('school-sources', lang)}</th></tr>{rules}</table>"
            if rules
            else f"<p>{_t('no-mistakes', lang)}</p>"
        )
        + (
            f'<h2>{_t("school-every-mistake", lang)}</h2><table id="mistakes"><tr>'
            f"<th>{_t('when', lang)}</th><th>{_t('drill', lang)}</th>"
            f"<th>{_t('school-hand', lang)}</th><th>{_t('school-expected', lang)}</th>"
            f"<th>{_t('school-got', lang)}</th><th>{_t('school-rule', lang)}</th></tr>"
            f"{mistakes}</table>"
            if mistakes
            else ""
        )
    )
    here = f"/classes/{school_class.id}/trainees/{quote(row.trainee)}"
    return _shell(row.trainee, body, lang, here, {})


def _title(rule_id: str, lang: Lang) -> str:
    try:
        return rule(rule_id).title.get(lang)
    except KeyError:
        return ""
