"""``dealer diagram``: docs/procedure.md is generated from the machine and kept up to date."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from dealer.apps.cli.commands import app
from dealer.apps.present import diagram
from dealer.engine.procedure import procedure


def test_the_committed_procedure_document_is_up_to_date() -> None:
    committed = diagram.DOC.read_text(encoding="utf-8")
    assert committed == diagram.document(), (
        "docs/procedure.md is out of date: run `dealer diagram -o docs/procedure.md` and commit it"
    )


def test_the_diagram_has_every_normal_transition_and_no_mishap() -> None:
    text = diagram.mermaid()
    # BURN before every street, then the street's cards (BURN, FLOP, TURN, RIVER)
    for line in (
        "    [*] --> posting",
        "    posting --> shuffling: post",
        "    dealing --> dealing: pitch [pitch_in_order]",
        "    preflop_betting --> pushing: end_round [one_player_left]",
        "    flop_burn --> flop: burn",
        "    flop --> flop_betting: flop",
        "    moving_button --> done: move_button",
    ):
        assert line in text.splitlines()
    assert "mishap" not in text
    for state in procedure().states:
        assert f" {state} " in text or f" {state}:" in text or text.endswith(state), state


def test_the_irregularities_table_names_state_mishap_and_ruling() -> None:
    rows = diagram.irregularities_table().splitlines()
    assert "| turn | flop_betting | betting_pending | TURN-PREMATURE (Premature turn) |" in rows
    assert any(
        row.startswith("| flop | flop | board_empty, more_than_four_flop_cards | FLOP-TOO-MANY/")
        for row in rows
    )


def test_the_command_writes_the_document(tmp_path: Path) -> None:
    target = tmp_path / "procedure.md"
    result = CliRunner().invoke(app, ["diagram", "-o", str(target)])
    assert result.exit_code == 0, result.output
    assert target.read_text(encoding="utf-8") == diagram.document()


def test_the_command_writes_to_the_current_folder_by_default(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # never beside the installed package (issue 23): an installed tool has no docs/ of its own
    monkeypatch.chdir(tmp_path)
    result = CliRunner().invoke(app, ["diagram"])
    assert result.exit_code == 0, result.output
    assert result.output == "wrote procedure.md\n"
    assert (tmp_path / "procedure.md").read_text(encoding="utf-8") == diagram.document()
