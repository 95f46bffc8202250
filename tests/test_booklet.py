"""The printable rule booklet (issue 26 item 3): ``dealer booklet`` and the web's ``/rules``.

Every rule of the rulebook once, in the chapters of ``procedures/booklet.yaml``, with its remedy
under the ruleset and its sources; the expectations are RULES.md's rows, quoted.
"""

from __future__ import annotations

import re
import warnings
from html import unescape
from pathlib import Path
from typing import Any

import pytest

from dealer.apps.floor.booklet import booklet_html, chapters, load_chapters
from dealer.core.errors import DataError
from dealer.rules.rulebook import Lang, ids
from tests.conftest import ROOT
from tests.helpers import english_words, run_dealer


def _articles(html: str) -> dict[str, str]:
    """Each rule's article, its tags made line breaks, by rule ID."""
    found = re.findall(r'<article class="rule" id="rule-([A-Z0-9-]+)">(.*?)</article>', html)
    return {rule_id: unescape(re.sub(r"<[^>]+>", "\n", body)) for rule_id, body in found}


def _steps(article_html: str) -> list[str]:
    first = re.search(r'<ol class="steps">(.*?)</ol>', article_html)
    assert first is not None
    return [unescape(step) for step in re.findall(r"<li>(.*?)</li>", first.group(1))]


@pytest.mark.parametrize("ruleset", ["seed", "wsop-2024"])
def test_every_rule_is_in_the_booklet_once_in_its_chapter(ruleset: str) -> None:
    html = booklet_html(ruleset, Lang.EN)
    found = re.findall(r'<article class="rule" id="rule-([A-Z0-9-]+)">', html)
    assert sorted(found) == sorted(ids()) and len(found) == len(set(found)) == 62
    in_order = [rule_id for chapter in chapters() for rule_id in chapter.rules]
    assert found == in_order
    # A dealer school's order: the hand as it is dealt first, then what goes wrong.
    assert [chapter.key for chapter in chapters()][:6] == [
        "table", "forced-bets", "deal", "betting", "board", "showdown",
    ]  # fmt: skip
    assert found.index("BURN") < found.index("BURN-MISSED-FLOP")


def test_the_remedy_is_the_rulesets() -> None:
    seed = booklet_html("seed", Lang.EN)
    wsop = booklet_html("wsop-2024", Lang.EN)
    turn = r'<article class="rule" id="rule-TURN-PREMATURE">(.*?)</article>'
    seed_turn, wsop_turn = re.search(turn, seed), re.search(turn, wsop)
    assert seed_turn is not None and wsop_turn is not None
    # TURN-PREMATURE, seed: "The round is completed. The dealer then burns and turns what would
    # have been the river, in the turn's place. After the turn betting round the stub is shuffled
    # together with the set-aside card (not the burns, not the discards), cut, and the river is
    # dealt without a burn."
    assert _steps(seed_turn.group(1)) == [
        "Complete the flop betting round",
        "Burn one card from the top of the stub",
        "Turn the next card, the would-be river, as the turn",
        "Complete the turn betting round",
        "Shuffle the stub with the set-aside card (not the burns, not the discards)",
        "Cut the stub",
        "Deal the river without a burn",
    ]
    # wsop-2024: "the turn burn stays, the card goes back into the stub, the whole stub is
    # reshuffled (no cut) and the turn is redealt without another burn; the river then follows
    # normally (burn, river) (LA 167)."
    assert _steps(wsop_turn.group(1)) == [
        "Complete the flop betting round",
        "Reshuffle the whole stub with the premature card",
        "Deal the turn without a burn",
        "Complete the turn betting round",
        "Burn one card from the top of the stub",
        "Deal the river",
    ]
    # Sources: "004 ¶4 (second half), ¶5; LA 166, LA 167", each ruleset its own.
    seed_rule, wsop_rule = _articles(seed)["TURN-PREMATURE"], _articles(wsop)["TURN-PREMATURE"]
    assert "004 §發牌程式的錯誤 ¶4 (second half), ¶5" in seed_rule
    assert "WSOP 2024 Live Action Rules, rule 166; WSOP 2024 Live Action Rules, rule 167" in (
        wsop_rule
    )
    # A rule of the normal procedure: its rule and sources. BURN: "LA §VII intro" among them.
    assert "exactly one card" in _articles(seed)["BURN"]
    assert "Sources" in _articles(seed)["BURN"]


@pytest.mark.parametrize("lang", [Lang.ZH_HANS, Lang.ZH_HANT], ids=str)
def test_a_chinese_booklet_has_no_english_word(lang: Lang) -> None:
    html = booklet_html("wsop-2024", lang)
    text = unescape(re.sub(r"<style>.*?</style>|<[^>]+>", "\n", html, flags=re.S))
    assert english_words(text, {"dealer", "LA", "TR"}) == []
    assert "規則手冊" in html if lang is Lang.ZH_HANT else "规则手册" in html
    assert ("銷牌" if lang is Lang.ZH_HANT else "销牌") in html


def test_the_print_stylesheet_breaks_chapters_and_hides_the_buttons() -> None:
    html = booklet_html("seed", Lang.EN, toolbar='<div class="toolbar noprint">x</div>')
    printing = html.split("@media print", 1)[1].split("</style>", 1)[0]
    assert "section.chapter { break-before: page; }" in printing
    assert "article.rule { break-inside: avoid; }" in printing
    assert ".toolbar, .noprint, button { display: none !important; }" in printing
    assert html.count('<section class="chapter"') == len(chapters())


def test_the_command_writes_the_booklet(tmp_path: Path) -> None:
    out = tmp_path / "booklet.html"
    done = run_dealer("booklet", "--ruleset", "wsop-2024", "--lang", "zh-Hant", "-o", str(out))
    assert done.returncode == 0, done.stderr
    assert out.read_text(encoding="utf-8") == booklet_html("wsop-2024", Lang.ZH_HANT)
    done = run_dealer("booklet", "--ruleset", "house")
    assert (done.returncode, done.stderr) == (
        2, "house:0: unknown ruleset 'house'; known: seed, wsop-2024 or a file\n"
    )  # fmt: skip
    done = run_dealer("booklet", "-o", str(tmp_path / "nowhere" / "b.html"))
    assert done.returncode == 2 and done.stderr.endswith("b.html:0: no such folder\n")


def test_a_bad_chapter_file_is_named_at_its_line(tmp_path: Path) -> None:
    path = tmp_path / "booklet.yaml"
    path.write_text(f"chapters:\n  all: [{', '.join(ids()[1:])}]\n", encoding="utf-8")
    with pytest.raises(DataError, match=f"booklet.yaml:1: rules in no chapter: {ids()[0]}"):
        load_chapters(path)
    path.write_text(f"chapters:\n  all: [{', '.join(ids())}]\n  more:\n    - BURN\n")
    twice = "booklet.yaml:4: BURN is already in chapter 'all'"
    with pytest.raises(DataError, match=re.escape(twice)):
        load_chapters(path)
    path.write_text("chapters:\n  all:\n    - BURNS\n")
    unknown = "booklet.yaml:3: chapter 'all': unknown rule 'BURNS'"
    with pytest.raises(DataError, match=re.escape(unknown)):
        load_chapters(path)


@pytest.fixture
def client(tmp_path: Path) -> Any:
    pytest.importorskip("starlette")
    pytest.importorskip("httpx")
    warnings.filterwarnings("ignore", message=".*httpx.*starlette.testclient")
    from starlette.testclient import TestClient

    from dealer.apps.web.app import Settings, create_app

    with TestClient(create_app(Settings(db=tmp_path / "progress.sqlite3"))) as test_client:
        yield test_client


def test_the_web_serves_the_booklet(client: Any) -> None:
    page = client.get("/rules", params={"ruleset": "wsop-2024", "lang": "zh-Hant"})
    assert page.status_code == 200
    toolbar = re.search(r'<div class="toolbar noprint">.*?</div>', page.text)
    assert toolbar is not None
    assert 'href="/rules?ruleset=seed&amp;lang=zh-Hant"' in toolbar.group(0)
    assert "列印" in toolbar.group(0)
    body = page.text.replace(toolbar.group(0), "")
    assert body == booklet_html("wsop-2024", Lang.ZH_HANT)
    assert client.get("/rules").text.count('<article class="rule"') == 62
    assert client.get("/rules", params={"ruleset": "nope"}).status_code == 400


def test_a_house_overlay_has_its_own_booklet(tmp_path: Path) -> None:
    """procedures/house/first-two-cards.yaml: "an exposed first or second card of the deal is a
    misdeal (as LA 104 has it), everything else as under seed"."""
    house = ROOT / "procedures" / "house" / "first-two-cards.yaml"
    html = booklet_html(str(house), Lang.EN)
    assert "house-first-two, a house overlay on seed (Source documents)" in html
    seed = booklet_html("seed", Lang.EN)
    second = r'<article class="rule" id="rule-HOLE-EXPOSED-SECOND">(.*?)</article>'
    found, under_seed = re.search(second, html), re.search(second, seed)
    assert found is not None and under_seed is not None
    # HOLE-EXPOSED-SECOND, wsop-2024: "Misdeal ("first or second card")"; MISDEAL-REDEAL's steps.
    assert _steps(found.group(1)) == [
        "Retrieve every card dealt",
        "Shuffle the stub",
        "Cut the stub",
        "Redeal the same hand: the button does not move, blinds and antes stay as posted",
    ]
    # seed: "Treated as HOLE-EXPOSED-OTHER": the deal goes on, no misdeal.
    assert _steps(under_seed.group(1))[0] != "Retrieve every card dealt"
    # Everything else as under seed.
    turn = r'<article class="rule" id="rule-TURN-PREMATURE">.*?</article>'
    assert re.search(turn, html).group(0) == re.search(turn, seed).group(0)  # type: ignore[union-attr]
    out = tmp_path / "house.html"
    done = run_dealer("booklet", "--ruleset", str(house), "-o", str(out))
    assert done.returncode == 0 and out.read_text(encoding="utf-8") == html
