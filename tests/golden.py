"""Golden files for what `dealer rule` prints: every rule under every ruleset, in every language,
as text and as JSON. A test holds the committed files equal to the output; after a deliberate change
to the rulebook or the renderer, regenerate them and review the diff:

    python -m tests.golden
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

from dealer.apps.floor import answer as floor
from dealer.rules.rulebook import Lang, book

GOLDEN = Path(__file__).resolve().parent / "golden"
RULESETS = ("seed", "wsop-2024")


def rendered() -> dict[str, str]:
    """File name -> its expected content."""
    files: dict[str, str] = {}
    rules = book().rules.values()
    for lang in Lang:
        text = [floor.render_rule(rule, ruleset, lang) for rule in rules for ruleset in RULESETS]
        files[f"rules.{lang}.txt"] = "\n\n".join(part.rstrip() for part in text) + "\n"
        data = {
            f"{rule.id} {ruleset}": floor.rule_as_json(rule, ruleset, lang)
            for rule in rules
            for ruleset in RULESETS
        }
        files[f"rules.{lang}.json"] = json.dumps(data, ensure_ascii=False, indent=1) + "\n"
    return files


def main() -> int:
    GOLDEN.mkdir(exist_ok=True)
    for name, content in rendered().items():
        (GOLDEN / name).write_text(content, encoding="utf-8")
        print(f"wrote tests/golden/{name}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
