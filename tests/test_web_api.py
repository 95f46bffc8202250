"""The web app's API (``dealer serve``), through Starlette's test client.

Expectations are the rules' (RULES.md IDs quoted); the correct steps are the machine's autopilot,
read through Learn mode's ``expected``, as the page shows them.
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
import warnings
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("starlette")
pytest.importorskip("httpx")
warnings.filterwarnings("ignore", message=".*httpx.*starlette.testclient")  # httpx2 not yet out

from starlette.testclient import TestClient  # noqa: E402

from dealer import __version__  # noqa: E402
from dealer.apps.web import app as web_app  # noqa: E402
from dealer.apps.web import trainer_adapter  # noqa: E402
from dealer.apps.web.app import Settings, create_app, web_messages  # noqa: E402
from dealer.apps.web.cards import all_images  # noqa: E402
from dealer.apps.web.texts import PAGE_TEXTS  # noqa: E402
from dealer.rules.rulebook import Lang  # noqa: E402
from tests.helpers import english_words  # noqa: E402

STATIC = Path(__file__).resolve().parent.parent / "dealer" / "apps" / "web" / "static"


@pytest.fixture
def client(tmp_path: Path) -> Any:
    with TestClient(create_app(Settings(db=tmp_path / "progress.sqlite3"))) as test_client:
        yield test_client


def _open(client: Any, **fields: Any) -> dict[str, Any]:
    body = {"trainee": "Ann", "drill": "normal", "hands": 1, "seed": 3, "learn": True} | fields
    response = client.post("/api/sessions", json=body)
    assert response.status_code == 201, response.text
    data: dict[str, Any] = response.json()
    return data


def _step(client: Any, sid: str, step: str) -> Any:
    return client.post(f"/api/sessions/{sid}/step", json={"step": step})


def _deal_out(client: Any, state: dict[str, Any]) -> dict[str, Any]:
    """The correct steps (Learn mode's ``expected``) to the end of the session."""
    for _ in range(500):
        if state["finished"]:
            return state
        response = _step(client, state["id"], state["expected"])
        assert response.status_code == 200, response.text
        state = response.json()
    raise AssertionError("the session did not end")


def test_a_wrong_pitch_is_refused_with_its_rule_and_the_hand_is_unchanged(client: Any) -> None:
    state = _open(client)
    sid = state["id"]
    for step in ("post", "shuffle", "cut"):
        assert _step(client, sid, step).status_code == 200
    before = client.get(f"/api/sessions/{sid}").json()
    first = before["expected"]  # DEAL-ORDER: the first card to the small blind
    assert first.startswith("pitch ")
    small_blind = next(s["seat"] for s in before["table"]["seats"] if s["small_blind"])
    assert first == f"pitch {small_blind}"
    wrong = next(s["seat"] for s in before["table"]["seats"] if s["seat"] != small_blind)
    response = _step(client, sid, f"pitch {wrong}")
    assert response.status_code == 409
    refused = response.json()
    assert refused["wrong"] is True and refused["rule"] == "DEAL-ORDER"
    assert refused["error"].startswith("✗ Wrong: expected pitch to seat")
    assert any(line.startswith("  Rule DEAL-ORDER:") for line in refused["lines"])
    assert any(line.startswith("  Source: ") for line in refused["lines"])
    assert refused["table"] == before["table"]
    assert refused["score"]["mistakes"] == [
        {
            "hand": 1,
            "expected": first,
            "got": f"pitch {wrong}",
            "rule": "DEAL-ORDER",
            "skill": "deal-order",
        }
    ]


def test_a_full_hand_is_scored_stored_and_exported(client: Any) -> None:
    state = _deal_out(client, _open(client))
    assert state["table"]["state"] == "done"
    score = state["score"]
    assert score["steps_wrong"] == 0 and score["hands"] == 1 and score["mistakes_by_rule"] == {}
    assert state["stored"] == 1
    report = client.get(f"/api/reports/{state['stored']}").json()
    # Stored as `train --report` writes it: who, when, in which language, which version.
    head = {key: report.pop(key) for key in ("trainee", "date", "lang", "version")}
    assert report == score
    assert head["trainee"] == "Ann" and head["lang"] == "en" and head["version"] == __version__
    exported = client.get("/progress/Ann/export.json").json()
    assert exported["trainee"] == "Ann" and exported["sessions"] == [head | score]
    page = client.get("/progress/Ann?lang=zh-Hant").text
    assert "<td>常規</td>" in page and f"<td class=right>{score['steps_right']}</td>" in page


def test_an_injected_premature_turn_is_ruled_and_its_remedy_required(client: Any) -> None:
    state = _open(client, drill="mishap", slips=["turn"], seed=11)
    sid = state["id"]
    for _ in range(200):
        if "TURN-PREMATURE" in state["table"]["rulings"]:
            break
        state = _step(client, sid, state["expected"]).json()
    table = state["table"]
    # TURN-PREMATURE (seed): the premature card is set aside; the board keeps the flop.
    assert table["rulings"] == ["TURN-PREMATURE"]
    assert len(table["set_aside"]) == 1 and len(table["board"]) == 3
    assert any("Ruling TURN-PREMATURE (seed)" in line for line in state["lines"])
    while state["table"]["state"] == "flop_betting" or state["expected"] != "burn":
        state = _step(client, sid, state["expected"]).json()
    # The round complete, the dealer burns before turning what would have been the river.
    response = _step(client, sid, "turn")
    assert response.status_code == 409
    assert response.json()["rule"] in ("TURN-PREMATURE", "BURN")
    state = _deal_out(client, response.json())
    assert state["score"]["steps_wrong"] == 1


def test_the_ruling_quiz_takes_numbers(client: Any) -> None:
    state = _open(client, drill="ruling", hands=2, seed=5)
    assert state["asking"] is True and len(state["choices"]) == 4
    assert state["heading"] == "Question 1 of 2" and state["questions"] is True
    assert _step(client, state["id"], "burn").status_code == 409
    live = client.app.state.web.registry.get(state["id"])
    right = int(live.examiner.session.answer)  # the trainer keeps the answer as typed
    state = client.post(f"/api/sessions/{state['id']}/answer", json={"answer": right}).json()
    assert state["score"]["steps_right"] == 1 and state["asking"] is True
    wrong = 1 if right != 1 else 2
    state = client.post(f"/api/sessions/{state['id']}/answer", json={"answer": wrong}).json()
    assert state["finished"] is True and state["score"]["steps_wrong"] == 1


@pytest.mark.parametrize(
    ("body", "status", "message"),
    [
        (b"{not json", 400, "not JSON"),
        (b"[1, 2]", 400, "JSON object"),
        (json.dumps({"step": 3}).encode(), 400, "'step' must be a str"),
        (json.dumps({"step": "seat 3 call"}).encode(), 400, "not a dealer step"),
        (json.dumps({"step": "quit"}).encode(), 400, ""),
        (json.dumps({"step": "help"}).encode(), 400, ""),
        (json.dumps({"step": "pitch " + "9" * 50}).encode(), 400, "'step'"),
        (b"x" * 5000, 413, "larger than 4096 bytes"),
    ],
)
def test_malformed_steps_get_a_4xx_with_a_message(
    client: Any, body: bytes, status: int, message: str
) -> None:
    sid = _open(client)["id"]
    headers = {"Content-Type": "application/json"}
    response = client.post(f"/api/sessions/{sid}/step", content=body, headers=headers)
    assert response.status_code == status
    assert message in response.json()["error"]
    assert client.get(f"/api/sessions/{sid}").json()["score"]["steps_wrong"] == 0


@pytest.mark.parametrize(
    ("fields", "message"),
    [
        ({"trainee": ""}, "'trainee'"),
        ({"trainee": "<script>"}, "'trainee'"),
        ({"drill": "poker"}, "unknown drill"),
        ({"hands": 0}, "'hands'"),
        ({"hands": True}, "'hands' must be a int"),
        ({"seed": -1}, "'seed'"),
        ({"ruleset": "house"}, "unknown ruleset"),
        ({"lang": "fr"}, "unknown language"),
        ({"slips": ["spill"]}, "'slips'"),
    ],
)
def test_a_bad_session_request_gets_a_400(
    client: Any, fields: dict[str, Any], message: str
) -> None:
    body = {"trainee": "Ann", "drill": "normal"} | fields
    response = client.post("/api/sessions", json=body)
    assert response.status_code == 400
    assert message in response.json()["error"]


def test_a_post_that_is_not_json_is_refused(client: Any) -> None:
    # A page on another site can post a form or plain text here without asking; never JSON.
    response = client.post("/api/sessions", content=b'{"trainee": "Ann"}',
                           headers={"Content-Type": "text/plain"})  # fmt: skip
    assert response.status_code == 415 and "must be JSON" in response.json()["error"]


def test_a_loopback_server_answers_only_loopback_names(tmp_path: Path) -> None:
    settings = Settings(db=tmp_path / "p.sqlite3", hosts=("127.0.0.1", "localhost"))
    with TestClient(create_app(settings), base_url="http://localhost") as client:
        assert client.get("/floor").status_code == 200
        assert client.get("/floor", headers={"Host": "evil.example"}).status_code == 400


def test_unknown_and_ended_sessions(client: Any) -> None:
    assert client.get("/api/sessions/nope").status_code == 404
    response = _step(client, "nope", "post")
    assert response.status_code == 404 and "unknown session" in response.json()["error"]
    state = _open(client)
    ended = client.post(f"/api/sessions/{state['id']}/end").json()
    assert ended["finished"] is True and ended["stored"] == 1
    assert _step(client, state["id"], "post").status_code == 404


def test_two_sessions_share_nothing(client: Any) -> None:
    one, two = _open(client, seed=3), _open(client, trainee="Bo", seed=3)
    assert one["id"] != two["id"] and one["table"] == two["table"]
    _step(client, one["id"], "post")
    _step(client, one["id"], "shuffle")
    assert client.get(f"/api/sessions/{two['id']}").json()["table"] == two["table"]
    assert _step(client, two["id"], "burn").status_code == 409  # nothing to burn before the deal
    assert client.get(f"/api/sessions/{one['id']}").json()["score"]["steps_wrong"] == 0


def test_live_sessions_are_capped(tmp_path: Path) -> None:
    with TestClient(create_app(Settings(db=tmp_path / "p.sqlite3", max_sessions=2))) as client:
        _open(client)
        _open(client)
        response = client.post("/api/sessions", json={"trainee": "Cy"})
        assert response.status_code == 503 and "too many live sessions" in response.json()["error"]


def test_hole_cards_are_face_down_and_learn_mode_alone_shows_the_next_step(client: Any) -> None:
    state = _open(client, learn=False)
    assert "expected" not in state
    for step in ("post", "shuffle", "cut"):
        state = _step(client, state["id"], step).json()
    seat = next(s["seat"] for s in state["table"]["seats"] if s["small_blind"])
    state = _step(client, state["id"], f"pitch {seat}").json()
    cards = {s["seat"]: s["cards"] for s in state["table"]["seats"]}
    assert cards[seat] == [None] and "expected" not in state


def test_the_language_switch_reaches_the_trainers_messages(client: Any) -> None:
    state = _open(client)
    client.get(f"/api/sessions/{state['id']}?lang=zh-Hant")
    response = _step(client, state["id"], "burn")
    assert response.json()["lang"] == "zh-Hant"
    assert response.json()["error"].startswith("✗ 錯誤：")


def test_a_ruling_has_a_stable_printable_url(client: Any) -> None:
    page = client.get("/rule/TURN-PREMATURE?ruleset=seed&lang=zh-Hant")
    assert page.status_code == 200
    assert "轉牌過早" in page.text and "004 §發牌程式的錯誤 ¶4（後半段）, ¶5" in page.text
    moved = client.get("/rule/turn-premature?lang=en", follow_redirects=False)
    assert moved.status_code == 308
    assert moved.headers["location"] == "/rule/TURN-PREMATURE?lang=en"
    assert client.get("/rule/NO-SUCH-RULE").status_code == 404
    assert client.get("/rule/TURN-PREMATURE?lang=fr").status_code == 400


def test_the_floor_desk_finds_rulings_as_dealer_rule_does(client: Any) -> None:
    page = client.get("/floor", params={"q": "轉牌 過早", "lang": "zh-Hant"}).text
    assert 'id="rule-TURN-PREMATURE"' in page and 'id="which"' not in page
    data = client.get("/api/rule", params={"q": "four card flop"}).json()
    assert (data["answer"], data["matches"][0]["id"]) == ("one", "FLOP-TOO-MANY")
    assert data["rule"]["ruling"]["sources"]
    missing = client.get("/api/rule", params={"q": "zzzz"})
    assert (missing.status_code, missing.json()["answer"]) == (404, "none")


def test_the_floor_desk_asks_which_one_instead_of_guessing(client: Any) -> None:
    # Seat 7 with three cards: DEAL-EXTRA-ONE (dealt on) or DEAL-EXTRA-MULTIPLE (misdeal), as
    # RULES.md rules one extra card against two or more: no ruling is shown until it is told.
    page = client.get("/floor", params={"q": "7號拿到三張牌", "lang": "zh-Hant"}).text
    which = page[page.index('id="which"') :]
    assert 'class="rule"' not in page
    assert which.index('data-rule="DEAL-EXTRA-ONE"') < which.index(
        'data-rule="DEAL-EXTRA-MULTIPLE"'
    )
    assert "區分它們的問題：全桌一共多發了幾張？" in which
    data = client.get("/api/rule", params={"q": "7號拿到三張牌", "lang": "zh-Hant"}).json()
    assert (data["answer"], data["question"], data["rule"]) == ("which", "extra", None)
    assert [c["id"] for c in data["candidates"]] == ["DEAL-EXTRA-ONE", "DEAL-EXTRA-MULTIPLE"]
    page = client.get("/floor", params={"q": "string bet"}).text
    assert 'id="no-rule"' in page and "No rule in this rulebook covers that." in page


def test_the_guided_ask_deals_to_the_mishap_and_answers_for_that_table(client: Any) -> None:
    page = client.get("/ask", params={"situation": "turn-early", "seed": 4, "players": 6,
                                      "lang": "zh-Hant"}).text  # fmt: skip
    assert '<span class="rule-id">TURN-PREMATURE</span> 轉牌過早</h2>' in page
    # TURN-PREMATURE (seed): the card is set aside; the flop stays; the remedy's seven steps are
    # owed in order, from completing the flop round to the river dealt without a burn.
    table = page[page.index('id="table"') : page.index('id="answer"')]
    aside = table[table.index('id="set-aside"') : table.index('id="board"')]
    assert aside.count('class="card"') == 1
    board = table[table.index('id="board"') :]
    assert board.count("data-card=") == 3
    owed = page[page.index('<ol id="owed">') : page.index("</ol>", page.index('<ol id="owed">'))]
    items = owed.split("<li>")[1:]
    assert len(items) == 7
    assert items[0].startswith("完成翻牌圈下注") and items[-1].startswith("不銷牌，直接發河牌")
    assert "premature" not in page.split('id="answer"')[1].split("</section>")[0]
    assert client.get("/ask", params={"situation": "spill"}).status_code == 400
    assert client.get("/ask", params={"players": "99"}).status_code == 400


def test_one_guided_ask_catalogue_for_the_terminal_and_both_web_forms(client: Any) -> None:
    """procedures/situations.yaml is the one catalogue (issue 23): the real-table form offers every
    situation the terminal's guided ask does, the seeded form those a dealt hand reaches by the
    trainer's slip, both worded the same; each is dealt on its own street."""
    from dealer.apps.floor.guided import MISHAPS
    from dealer.apps.training.drills.slips import Slip

    page = client.get("/ask").text

    def offered(select: str) -> list[tuple[str, str]]:
        start = page.index(f'<select name="{select}"')
        found = page[start : page.index("</select>", start)]
        return re.findall(r'<option value="([^"]+)"[^>]*>([^<]+)</option>', found)

    real, seeded = offered("did"), offered("situation")
    assert [key for key, _ in real] == [m.key for m in MISHAPS]
    assert [key for key, _ in seeded] == [m.key for m in MISHAPS if m.slip is not None]
    assert set(seeded) <= set(real)  # the same words for the same situation
    assert {m.slip for m in MISHAPS if m.slip} <= {slip.value for slip in Slip}
    assert {"extra-mixed", "extra-2", "short-hand", "twice", "flop-burn2"} == {
        m.key for m in MISHAPS
    } - {key for key, _ in seeded}  # two-part mishaps, a card mixed into a hand and a second burn
    # before the flop: the trainer has no slip for them
    # BURN-ERROR (a): the street card turned without its burn becomes the burn, on the turn (three
    # board cards stay out) or the river (four): the situation chosen, not the first one offered.
    for key, board in (("turn-noburn", "3"), ("river-noburn", "4")):
        params = {"situation": key, "seed": 1, "players": 6}
        answer = client.get("/ask", params=params).text
        assert '<span class="rule-id">BURN-ERROR</span>' in answer, key
        shown = answer[answer.index('id="board"') : answer.index('class="pots"')]
        assert shown.count("data-card=") == int(board), key
        assert "card turned without a burn: " in answer and "is now in the burn pile" in answer


def test_the_web_ask_takes_the_real_table_as_the_terminal_one_does(client: Any) -> None:
    # The turn dealt before the flop round ended, the table saw Kh: TURN-PREMATURE, and the card
    # set aside is Kh itself (RULES.md TURN-PREMATURE: the premature card is set aside).
    params = {"did": "turn-early", "players": 4, "button": 4, "cards": "Kh", "actions": 1,
              "lang": "zh-Hant"}  # fmt: skip
    page = client.get("/ask", params=params).text
    assert '<span class="rule-id">TURN-PREMATURE</span>' in page
    aside = page[page.index('id="set-aside"') : page.index('id="board"')]
    assert 'data-card="Kh"' in aside
    # The extra card pitched to seat 3 is the named Qs (DEAL-EXTRA-ONE: it becomes the burn).
    page = client.get("/ask", params={"did": "extra", "players": 4, "place": 3, "cards": "Qs"}).text
    assert '<span class="rule-id">DEAL-EXTRA-ONE</span>' in page and "Qs" in page
    page = client.get("/ask", params={"did": "skipped", "players": 4, "button": 4, "place": 3}).text
    assert '<span class="rule-id">DEAL-SEAT-SKIPPED</span>' in page
    # The third card of the deal (button 1: seats 2, 3, 4) is exposed: HOLE-EXPOSED-OTHER, the deal
    # goes on and the card stays in seat 4's hand until the replacement at the end of the deal;
    # the place is drawn from the answer's typed fields (place "seat", seat 4), in each language.
    for lang, where in (
        ("en", "is now in seat 4&#x27;s hand"),
        ("zh-Hans", "现在位于4 号座位的手牌"),
    ):
        params = {"did": "exposed", "players": 4, "place": 3, "lang": lang}
        page = client.get("/ask", params=params).text
        listed = page[
            page.index('<ul id="on-table">') : page.index("</ul>", page.index("on-table"))
        ]
        assert '<span class="rule-id">HOLE-EXPOSED-OTHER</span>' in page and where in listed
    assert client.get("/ask", params={"did": "nope"}).status_code == 400
    assert (
        client.get("/ask", params={"did": "extra", "button": "7", "players": "4"}).status_code
        == 400
    )


def test_every_page_text_has_three_languages_and_no_english_in_chinese() -> None:
    for key, (en, hans, hant) in PAGE_TEXTS.items():
        assert en and hans and hant, key
        for chinese in (hans, hant):  # the commands a trainee types stay as typed
            bare = re.sub(r"\{\w+\}", "", chinese)  # fields: filled in
            assert english_words(bare, allowed={"JSON"}) == [], (key, chinese)
    # the seeds' terms
    joined = " ".join(text for texts in PAGE_TEXTS.values() for text in texts)
    for term in (
        "銷牌",
        "翻牌",
        "轉牌",
        "河牌",
        "全押",
        "莊家按鈕",
        "主池",
        "邊池",
        "销牌",
        "庄家按钮",
    ):
        assert term in joined, term


def test_the_shipped_card_images_are_the_projects_drawing() -> None:
    for name, svg in all_images().items():
        assert (STATIC / "cards" / name).read_text(encoding="utf-8") == svg, name
    assert len(list((STATIC / "cards").glob("*.svg"))) == 53


def test_static_assets_load_nothing_from_elsewhere(client: Any) -> None:
    for name in ("trainer.html", "trainer.js", "style.css"):
        text = (STATIC / name).read_text(encoding="utf-8")
        assert "http://" not in text and "https://" not in text, name
    assert client.get("/trainer").status_code == 200
    assert client.get("/static/cards/As.svg").headers["content-type"].startswith("image/svg")


def test_serve_without_the_web_extra_says_so_in_one_line() -> None:
    # A fresh interpreter where Starlette and uvicorn cannot be imported, as without the extra.
    script = (
        "import sys; sys.modules['starlette'] = sys.modules['uvicorn'] = None;"
        " sys.argv = ['dealer', 'serve']; from dealer.apps.cli.commands import main; main()"
    )
    result = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True)
    assert result.returncode == 2 and result.stdout == ""
    assert result.stderr.splitlines() == [
        "serve:0: the web extra is not installed (starlette is missing): pip install 'dealer[web]'"
    ]


def test_dealer_serve_listens_on_loopback_and_prints_its_address(tmp_path: Path) -> None:
    import socket
    import time
    import urllib.request

    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    db = tmp_path / "p.sqlite3"
    command = [sys.executable, "-m", "dealer", "serve", "--port", str(port), "--db", str(db)]
    server = subprocess.Popen(command, stdout=subprocess.PIPE, text=True)
    try:
        assert server.stdout is not None
        line = server.stdout.readline()
        assert line.startswith(
            f"dealer: serving the trainer and the floor desk on http://127.0.0.1:{port}/"
        )
        for _ in range(100):
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/rule/BURN") as answer:
                    assert answer.status == 200 and "BURN" in answer.read().decode()
                break
            except OSError:
                time.sleep(0.05)
        else:
            raise AssertionError("the server did not answer")
    finally:
        server.terminate()
        server.wait(10)
    assert db.exists()


def test_a_session_takes_a_bounded_number_of_steps(
    client: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(web_app, "MAX_LINES_PER_SESSION", 3)
    sid = _open(client)["id"]
    for step in ("post", "shuffle", "cut"):
        assert _step(client, sid, step).status_code == 200
    response = _step(client, sid, "pitch 1")
    assert response.status_code == 429 and "too many steps" in response.json()["error"]


def test_an_idle_session_is_ended_and_its_score_kept(tmp_path: Path) -> None:
    from dealer.apps.web.sessions import Registry
    from dealer.apps.web.store import Progress
    from dealer.apps.web.trainer_adapter import Examiner
    from dealer.rules.rulebook import Lang

    now = [0.0]
    progress = Progress(tmp_path / "p.sqlite3")
    ended: list[str] = []

    def store(live: Any) -> None:
        live.stored = progress.add(live.trainee, live.examiner.report(), learn=live.learn)
        ended.append(live.trainee)

    registry = Registry(cap=5, idle_seconds=60, on_end=store, clock=lambda: now[0])

    def examiner() -> Examiner:
        made = Examiner("normal", hands=1, seed=1, ruleset="seed", lang=Lang.EN)
        made.start()
        return made

    idle = registry.open("Ann", examiner(), learn=False)
    idle.examiner.send("post")
    now[0] = 61.0
    registry.open("Bo", examiner(), learn=False)  # opening sweeps the idle one
    assert ended == ["Ann"] and registry.get(idle.id) is None and len(registry) == 1
    assert idle.examiner.finished and progress.sessions("Ann")[0].report["steps_right"] == 1
    registry.close_all()
    assert ended == ["Ann", "Bo"] and len(registry) == 0


def test_every_word_the_trainer_page_shows_has_its_three_texts() -> None:
    import re

    html = (STATIC / "trainer.html").read_text(encoding="utf-8")
    script = (STATIC / "trainer.js").read_text(encoding="utf-8")
    keys = set(re.findall(r'data-(?:t|placeholder)="([a-z0-9-]+)"', html))
    keys |= set(re.findall(r'\bt\("([a-z0-9-]+)"', script))
    assert len(keys) > 40
    sent = set(PAGE_TEXTS) | set(web_messages(Lang.EN))  # the page's words, both places
    assert sorted(keys - sent) == []
    for lang in Lang:
        assert set(web_messages(lang)) == set(web_messages(Lang.EN)), lang


def test_the_pages_new_words_are_chinese_in_chinese() -> None:
    for lang in (Lang.ZH_HANS, Lang.ZH_HANT):
        words = web_messages(lang)
        assert len(words) >= 10
        texts = [re.sub(r"\{\w+\}", "", text) for text in words.values()]  # fields: filled in
        leaks = [leak for text in texts for leak in english_words(text, allowed={"JSON"})]
        assert leaks == [], lang  # JSON: the export's file format, read as is
        assert "底池" in words["web-award-title"]


def _live(client: Any, sid: str) -> Any:
    """The session's trainer, for a test to read what the situation is (never what to expect)."""
    return client.app.state.web.registry.get(sid).examiner.session


def _answer(client: Any, sid: str, said: Any) -> Any:
    return client.post(f"/api/sessions/{sid}/answer", json={"answer": said})


def test_the_heading_names_the_hand_being_dealt(client: Any) -> None:
    state = _open(client, hands=2, learn=False)
    assert state["heading"] == "Hand 1 of 2" and state["questions"] is False
    assert not any(" · pot-limit " in line or " · no-limit " in line for line in state["lines"])
    zh = client.get(f"/api/sessions/{state['id']}?lang=zh-Hant").json()
    assert zh["heading"] == "第 1 手（共 2 手）"


def test_a_money_question_answered_right_then_one_wrong_with_its_rule(client: Any) -> None:
    # seed 11: a pot count first, then a bet-sizing question before any side pot
    state = _open(client, drill="money", hands=6, seed=11, learn=False)
    sid = state["id"]
    assert state["heading"] == "Question 1 of 6" and state["asking"] is True
    assert state["choices"] == [] and state["table"]["pots"] == []  # the count is the question
    assert all(seat["bet"] is None for seat in state["table"]["seats"])
    assert _step(client, sid, "burn").status_code == 409  # a question waits for its answer
    right_done = wrong_done = False
    for _ in range(6):
        kind = _live(client, sid).facts.get("ask")
        if kind == "pot" and not right_done:
            # ROUND-END: every chip the seats no longer have is in the pot (the uncalled bet
            # returned is theirs again): the stacks at the start (the story) less those now.
            start = sum(
                int(line.split("stack ")[1])
                for line in state["transcript"]
                if line.startswith("  seat ") and " stack " in line
            )
            now = sum(int(seat["stack"]) for seat in state["table"]["seats"])
            assert state["transcript"][-1] == "What is in the pot now? Type the amount."
            state = _answer(client, sid, str(start - now)).json()
            assert state["right"] is True and state["wrong"] is False
            assert state["lines"][0] == "✓ Right."
            assert state["score"]["skills"]["pot-count"]["first_right"] == 1
            right_done = True
        elif kind in ("call", "min-raise", "pot-max") and not wrong_done:
            state = _answer(client, sid, "1").json()  # never a call, a raise or a pot-limit bet
            rule = state["rule"]
            assert state["wrong"] is True
            assert rule in ("PREFLOP-ACTION", "POSTFLOP-ACTION", "NL-MIN-RAISE", "POT-LIMIT")
            assert state["lines"][0].startswith(f"✗ Wrong ({rule}): the answer is ")
            assert state["lines"][1].startswith(f"  Rule {rule}: ")
            assert state["lines"][2].startswith("  Source: ")
            assert state["score"]["mistakes"][-1]["skill"] == "bet-sizing"
            assert state["score"]["mistakes"][-1]["got"] == "1"
            wrong_done = True
        else:
            break
        if right_done and wrong_done:
            break
    assert right_done and wrong_done
    assert _answer(client, sid, "quit").status_code == 400  # the end is /end, not an answer
    assert _answer(client, sid, True).status_code == 400
    assert _answer(client, sid, "9" * 81).status_code == 400
    ended = client.post(f"/api/sessions/{sid}/end").json()
    assert ended["score"]["steps_right"] == 1 and ended["score"]["steps_wrong"] == 1


def test_the_showdown_drill_takes_seats_and_options(client: Any) -> None:
    state = _open(client, drill="showdown", hands=1, seed=3, learn=False)
    sid = state["id"]
    assert state["asking"] is True and state["transcript"][0] == "Question 1 of 1"
    for _ in range(12):
        if state["finished"]:
            break
        trainer = _live(client, sid)
        if state["choices"]:  # the winning hand's name, from four: a number
            assert state["choices"] == trainer.facts["options"]  # the four names offered
            state = _answer(client, sid, int(trainer.answer)).json()
        else:  # who shows first, who wins: seats as typed
            state = _answer(client, sid, trainer.answer).json()
        assert state["wrong"] is False, state["lines"]
    assert state["finished"] is True and state["score"]["steps_wrong"] == 0
    assert state["score"]["skills"]["showdown"]["positions"] >= 2


def test_the_action_quiz_is_answered_by_number(client: Any) -> None:
    state = _open(client, drill="action", hands=1, seed=3, learn=False)
    assert state["asking"] is True and len(state["choices"]) == 4
    trainer = _live(client, state["id"])
    assert _answer(client, state["id"], 5).status_code == 400  # four options
    state = _answer(client, state["id"], int(trainer.answer)).json()
    assert state["right"] is True and state["finished"] is True
    assert state["score"]["skills"]["action"] == {"positions": 1, "first_right": 1, "accuracy": 1.0}


def test_the_trainee_awards_the_pot_and_a_wrong_award_is_refused_with_its_rule(
    client: Any,
) -> None:
    state = _open(client, hands=1, seed=3)
    sid = state["id"]
    for _ in range(300):
        if state["awarding"]:
            break
        state = _step(client, sid, state["expected"]).json()
    assert state["awarding"] is True and state["expected"].startswith("award main ")
    assert _step(client, sid, "push").json()["awarding"] is True  # no award: the pots wait
    folded = [seat["seat"] for seat in state["table"]["seats"] if seat["folded"]]
    contested = len(state["table"]["seats"]) - len(folded) > 1
    pot = state["table"]["pots"][0]
    assert pot["index"] == 0
    # SIDE-POTS: a folded hand has no claim on any pot.
    response = _step(client, sid, f"award main {pot['amount']} to {folded[0]}")
    assert response.status_code == 409
    refused = response.json()
    assert refused["rule"] == "SIDE-POTS" and refused["awarding"] is True
    assert refused["error"].startswith(
        f"✗ Wrong: seat {folded[0]} is not eligible for the main pot"
    )
    assert any(line.startswith("  Rule SIDE-POTS: ") for line in refused["lines"])
    state = _step(client, sid, refused["expected"]).json()
    assert state["wrong"] is False and any(" to seat " in line for line in state["lines"])
    state = _deal_out(client, state)
    assert state["score"]["mistakes"][0]["rule"] == "SIDE-POTS"
    # one pot, no side pot: the award is the showdown's (or, uncontested, the push's), not a side
    # pot's (issue 26: awards charged to the skill they exercise)
    assert state["score"]["mistakes"][0]["skill"] == ("showdown" if contested else "procedure")


def test_side_pots_built_then_awarded_on_the_page_last_side_pot_first(client: Any) -> None:
    from dealer.apps.training.drills.awards import award_text, shares_of

    state = _open(client, drill="money", hands=1, seed=2, learn=False)  # seed 2: side pots
    sid = state["id"]
    assert _live(client, sid).facts["ask"] == "build"
    for _ in range(10):  # each pot built: its amount and its eligible seats, as the machine has it
        if not state["asking"]:
            break
        assert state["table"]["pots"] == []  # the pots are the question: not drawn
        state = _answer(client, sid, _live(client, sid).answer).json()
        assert state["right"] is True, state["lines"]
    assert state["awarding"] is True and state["asking"] is False
    pots = state["table"]["pots"]
    assert len(pots) >= 2 and [pot["index"] for pot in pots] == list(range(len(pots)))
    assert state["transcript"][-1].startswith("Now award them: ")
    shares = shares_of(_live(client, sid).hand)[1]
    main = next(share for share in shares if share.pot_index == 0)
    # ODD-CHIP (and SIDE-POTS): the pots are awarded from the last side pot back to the main pot.
    response = _step(client, sid, award_text(main))
    assert response.status_code == 409 and response.json()["rule"] == "ODD-CHIP"
    assert response.json()["awarding"] is True
    for share in sorted(shares, key=lambda share: -share.pot_index):
        state = _step(client, sid, award_text(share)).json()
        assert state["wrong"] is False, state["lines"]
    assert state["finished"] is True
    # Each pot built and each share awarded is scored under side pots; one award was a mistake.
    assert state["score"]["skills"]["side-pots"]["first_right"] >= len(pots) + len(shares) - 1
    assert state["score"]["steps_wrong"] == 1
    assert [(m["rule"], m["skill"]) for m in state["score"]["mistakes"]] == [
        ("ODD-CHIP", "side-pots")
    ]


@pytest.mark.parametrize("drill", trainer_adapter.DRILLS)
def test_every_drill_of_the_trainer_plays_to_its_end_on_the_page(client: Any, drill: str) -> None:
    """Every drill (a drill added to the trainer too) goes through the same three requests: a
    dealer step, an award, an answer; each answered as the trainer itself has it right."""
    from dealer.apps.training.drills.awards import award_text, shares_of
    from dealer.core.pots import Share

    state = _open(client, drill=drill, hands=2, seed=1)
    sid, owed = state["id"], list[Share]()
    for _ in range(600):
        if state["finished"]:
            break
        assert state["heading"].endswith(" of 2") and not state["heading"].startswith(
            ("Hand 0 ", "Question 0 ")
        )
        trainer = _live(client, sid)
        if state["asking"]:  # a question: its options, or a typed answer
            said = trainer.answer
            assert state["transcript"] and (not state["choices"] or said.isdigit())
            response = _answer(client, sid, int(said) if state["choices"] else said)
        elif state["awarding"] and state.get("expected") is None:  # a question drill's pots
            owed = owed or sorted(shares_of(trainer.hand)[1], key=lambda s: -s.pot_index)
            response = _step(client, sid, award_text(owed.pop(0)))
        else:
            response = _step(client, sid, state["expected"])
        assert response.status_code == 200, response.text
        state = response.json()
    assert state["finished"] is True and state["score"]["hands"] == 2
    assert state["score"]["steps_wrong"] == 0 and state["score"]["steps_right"] >= 2


def test_the_table_shows_one_pot_until_a_player_is_all_in() -> None:
    # SIDE-POTS: a side pot is made for the players who can still bet when one is all in; posted
    # blinds and a straddle of different sizes are no side pots (issue 26)
    from decimal import Decimal

    from dealer.apps.web.view import table_view
    from dealer.core.deck import DeckPlan
    from dealer.core.stakes import Stakes, Structure
    from dealer.core.steps import parse_step
    from dealer.core.table import Table
    from dealer.engine.hand import Hand
    from dealer.rules.rulesets import load_ruleset

    stakes = Stakes.blinds(Structure.NO_LIMIT, Decimal(1), Decimal(2), straddle=Decimal(4))
    seats = {1: Decimal(100), 2: Decimal(100), 3: Decimal(100), 4: Decimal(3)}
    hand = Hand(Table(stakes, seats, 4, load_ruleset("seed")), DeckPlan(seed=1))
    hand.apply(parse_step("post"))  # seat 1 posts 1, seat 2 posts 2, seat 3 straddles 4
    assert table_view(hand)["pots"] == [{"index": 0, "amount": "7"}]
    while hand.to_act is None and (step := hand.next_dealer_step()) is not None:
        hand.apply(step)  # shuffle, cut, the deal
    for action, pot in (("seat 4 call", "10"), ("seat 1 call", "13"), ("seat 2 call", "15")):
        hand.apply(parse_step(action))  # seat 4 all in for 3; the others match the straddle
        assert table_view(hand)["pots"] == [{"index": 0, "amount": pot}]  # still chips in front
    hand.apply(parse_step("seat 3 check"))
    # the round closed with seat 4 all in: 12 for all four, 3 more from each of the other three
    assert hand.betting is None
    assert table_view(hand)["pots"] == [
        {"index": 0, "amount": "12"},
        {"index": 1, "amount": "3"},
    ]


def test_the_server_answers_without_waiting_for_the_clients_ack() -> None:
    """``dealer serve``'s connections have Nagle's algorithm off: uvicorn writes an answer's head
    and body apart, and with it on the body waited for the client's delayed ACK (issue 23: some
    40 ms a step). asyncio turns it off on the connections of a socket made as TCP by name."""
    import asyncio
    import socket

    from dealer.apps.web.server import _listen

    listening = _listen("127.0.0.1", 0, socket.AF_INET)
    port = listening.getsockname()[1]
    flags: list[int] = []

    async def main() -> None:
        def connected(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
            accepted = writer.get_extra_info("socket")
            flags.append(accepted.getsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY))
            writer.close()

        server = await asyncio.start_server(connected, sock=listening)
        async with server:
            _, writer = await asyncio.open_connection("127.0.0.1", port)
            for _ in range(100):
                if flags:
                    break
                await asyncio.sleep(0.01)
            writer.close()

    asyncio.run(main())
    assert flags and flags[0] != 0
