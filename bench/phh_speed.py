"""PHH import and export speed, in hands per second, against PokerKit reading the same files.

- **Import**: every PHH hand of the project (``scenarios/real/phh``, ``tests/data/phh``, and
  every shipped scenario exported to PHH), in turn, until ``--hands``: each parsed, checked,
  turned into a scenario and replayed in full (the import's own check) with
  ``dealer.apps.phh.importing.import_hand``; no file written.
- **Export**: every shipped scenario replayed, then each hand written as PHH text with
  ``dealer.apps.phh.exporting.hand_phh`` (which deals the hand again without its irregularities);
  ``--hands`` hands in all.
- **Reference**: PokerKit's ``HandHistory.loads`` and playing each hand to its end
  (``list(history)``) for the same PHH texts as the import, in the same run.

CPU time of this process (``time.process_time``), so the load of other programs counts little;
the best of ``--rounds`` rounds is printed for each, and the ratios.

    python bench/phh_speed.py [--hands 2000] [--rounds 3]
"""

from __future__ import annotations

import argparse
import contextlib
import itertools
import platform
import sys
import tempfile
import time
import warnings
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from dealer import __version__  # noqa: E402
from dealer.apps.phh.exporting import NotExported, export_result, hand_phh  # noqa: E402
from dealer.apps.phh.importing import import_hand, parse_phh, parse_phhs  # noqa: E402
from dealer.scenarios.format import read_scenario  # noqa: E402
from dealer.scenarios.replay import Result, replay  # noqa: E402


def _scenarios() -> list[Path]:
    found = []
    for path in sorted((ROOT / "scenarios").rglob("*.yaml")):
        try:
            read_scenario(path)
        except Exception:  # an overlay kept among the scenarios
            continue
        found.append(path)
    return found


def phh_texts() -> list[str]:
    """Every PHH hand of the project as one hand's text."""
    texts = []
    for path in sorted([*ROOT.glob("scenarios/real/phh/*.phh"), *ROOT.glob("tests/data/phh/**/*")]):
        if path.suffix == ".phh":
            texts.append(path.read_text(encoding="utf-8"))
        elif path.suffix == ".phhs":
            whole = path.read_text(encoding="utf-8")
            for hand in parse_phhs(whole, str(path)):
                lines = whole.splitlines()
                texts.append("\n".join(lines[hand.first : hand.last]))
    with tempfile.TemporaryDirectory() as folder:
        out = Path(folder)
        taken: set[str] = set()
        for path in _scenarios():
            export_result(replay(read_scenario(path)), out, taken)
        texts += [path.read_text(encoding="utf-8") for path in sorted(out.glob("*.phh"))]
    return texts


def time_import(texts: list[str], hands: int) -> float:
    started = time.process_time()
    done = 0
    for number, text in zip(range(hands), itertools.cycle(texts), strict=False):
        with contextlib.suppress(ValueError):  # a hand refused (the rules differ) counts too
            import_hand(parse_phh(text, f"h{number}.phh"), f"h{number}.phh")
        done += 1
    return done / (time.process_time() - started)


def time_export(results: list[Result], hands: int) -> float:
    reports = [(result, report) for result in results for report in result.hands]
    started = time.process_time()
    for result, report in itertools.islice(itertools.cycle(reports), hands):
        with contextlib.suppress(NotExported):  # named and left out: counted too
            hand_phh(result, report)
    return hands / (time.process_time() - started)


def time_pokerkit(texts: list[str], hands: int) -> float | None:
    try:
        import pokerkit
    except ImportError:
        return None
    started = time.process_time()
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        for text in itertools.islice(itertools.cycle(texts), hands):
            # PT, which plain PokerKit does not know, and the rule differences: counted too
            with contextlib.suppress(Exception):
                list(pokerkit.HandHistory.loads(text))
    return hands / (time.process_time() - started)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--hands", type=int, default=2000)
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    texts = phh_texts()
    results = [replay(read_scenario(path)) for path in _scenarios()]
    best: dict[str, float] = {}
    for _ in range(args.rounds):
        rates = {
            "import": time_import(texts, args.hands),
            "export": time_export(results, args.hands),
            "pokerkit": time_pokerkit(texts, args.hands) or 0.0,
        }
        for key, rate in rates.items():
            best[key] = max(best.get(key, 0.0), rate)
    print(f"dealer {__version__}, Python {platform.python_version()}, {platform.machine()}")
    print(f"{len(texts)} PHH hands in turn, {args.hands} a round, best of {args.rounds} rounds,")
    print("CPU time of the process")
    print(f"  import (parse, check, scenario, full replay): {best['import']:,.0f} hands/s")
    print(f"  export (hand dealt again, PHH text):          {best['export']:,.0f} hands/s")
    if best["pokerkit"]:
        print(f"  PokerKit loads and plays the same files:      {best['pokerkit']:,.0f} hands/s")
        print(f"  ratio import / PokerKit: {best['import'] / best['pokerkit']:.2f}")
        print(f"  ratio export / PokerKit: {best['export'] / best['pokerkit']:.2f}")


if __name__ == "__main__":
    main()
