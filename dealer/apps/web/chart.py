"""Progress over time as an SVG chart drawn by the server (no script, no network, no library).

One line per skill: the running first-try accuracy after each session (0 to 100%), the sessions in
order along the bottom, the pass mark as a dashed line when the chart shows one skill. The words
(the skills' names, the title) come from the caller; every text is escaped.

>>> from dealer.apps.training.grid import Point
>>> svg = progress_svg([("Burns", [Point(1.0, 0.5, 0.5), Point(2.0, 1.0, 0.75)])], "Progress",
...                    mark=0.95)
>>> svg.startswith('<svg xmlns="http://www.w3.org/2000/svg"') and svg.count("<polyline") == 1
True
>>> 'class="mark"' in svg and "<title>Burns: 50% → 75%</title>" in svg
True
"""

from __future__ import annotations

from collections.abc import Sequence
from html import escape

from dealer.apps.training.grid import Point

__all__ = ["progress_svg"]

# Twelve colours told apart in print and by most colour-blind readers (Okabe-Ito, then darker).
COLOURS = ("#0072b2", "#e69f00", "#009e73", "#cc79a7", "#56b4e9", "#d55e00", "#f0e442",
           "#000000", "#7f3c8d", "#11a579", "#3969ac", "#e73f74")  # fmt: skip

WIDTH, HEIGHT, LEFT, RIGHT, TOP, BOTTOM = 640, 260, 44, 150, 24, 28


def progress_svg(
    series: Sequence[tuple[str, Sequence[Point]]], title: str, *, mark: float | None = None
) -> str:
    """The chart of each named skill's running accuracy session by session."""
    longest = max((len(points) for _, points in series), default=0)
    plot_w, plot_h = WIDTH - LEFT - RIGHT, HEIGHT - TOP - BOTTOM

    def x(index: int) -> float:
        return LEFT + (plot_w * index / (longest - 1) if longest > 1 else plot_w / 2)

    def y(value: float) -> float:
        return TOP + plot_h * (1 - value)

    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" class="chart" role="img" viewBox="0 0 {WIDTH}'
        f' {HEIGHT}" width="{WIDTH}" height="{HEIGHT}" font-size="11" font-family="sans-serif">',
        f"<title>{escape(title)}</title>",
    ]
    for percent in (0, 25, 50, 75, 100):
        level = y(percent / 100)
        parts.append(
            f'<line x1="{LEFT}" y1="{level:.1f}" x2="{LEFT + plot_w}" y2="{level:.1f}"'
            f' stroke="#ddd"/><text x="{LEFT - 4}" y="{level + 4:.1f}" text-anchor="end">'
            f"{percent}%</text>"
        )
    for index in range(longest):
        parts.append(
            f'<text x="{x(index):.1f}" y="{HEIGHT - 10}" text-anchor="middle">{index + 1}</text>'
        )
    if mark is not None:
        parts.append(
            f'<line class="mark" x1="{LEFT}" y1="{y(mark):.1f}" x2="{LEFT + plot_w}"'
            f' y2="{y(mark):.1f}" stroke="#c00" stroke-dasharray="6 4"/>'
        )
    for number, (name, points) in enumerate(series):
        colour = COLOURS[number % len(COLOURS)]
        spots = [(x(i), y(p.total)) for i, p in enumerate(points)]
        journey = " → ".join(f"{round(100 * p.total)}%" for p in points)
        parts.append(f'<g class="series"><title>{escape(name)}: {escape(journey)}</title>')
        if len(spots) > 1:
            line = " ".join(f"{sx:.1f},{sy:.1f}" for sx, sy in spots)
            parts.append(
                f'<polyline points="{line}" fill="none" stroke="{colour}" stroke-width="2"/>'
            )
        parts.extend(f'<circle cx="{sx:.1f}" cy="{sy:.1f}" r="3" fill="{colour}"/>'
                     for sx, sy in spots)  # fmt: skip
        key_y = TOP + 14 * number + 4
        parts.append(
            f'<rect x="{WIDTH - RIGHT + 10}" y="{key_y - 8}" width="10" height="10"'
            f' fill="{colour}"/><text x="{WIDTH - RIGHT + 24}" y="{key_y + 1}">'
            f"{escape(name)}</text></g>"
        )
    parts.append("</svg>")
    return "".join(parts)
