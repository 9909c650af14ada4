"""
The lanes of gta04.timeline drawn on a matplotlib Axes (scripts/irq-timeline).
"""

import textwrap
from typing import Any, Dict, List, Tuple

from .timeline import Lane


STYLE: Dict[str, Dict[str, str]] = {
    "on": {"facecolor": "#2b8cbe"},
    "light": {"facecolor": "#a6cee3"},
    "event": {"facecolor": "#e34a33"},
    "masked": {"facecolor": "none", "edgecolor": "#444444", "hatch": "///"},
    "idle": {"facecolor": "#dddddd"},
}
MARK_COLOR = {"status": "#e34a33", "event": "#b30000", "phase": "#4d004b"}


def _phases(ax: Any, lane: Lane, y: int, anchor: float) -> None:
    """The suspend phases: numbered marks, their texts in a legend below."""
    for k, (t, _label, _style) in enumerate(lane["marks"]):
        ax.axvline(t - anchor, color="#cbb4d4", lw=0.5, zorder=0)
        ax.plot([t - anchor], [y], marker="v", color="#4d004b", ms=5)
        ax.text(t - anchor, y + 0.12 + 0.16 * (k % 3), str(k + 1), fontsize=6,
                color="#4d004b", ha="center")
    legend = "   ".join("%d %s" % (k + 1, m[1]) for k, m in enumerate(lane["marks"]))
    legend = "\n".join(textwrap.wrap("suspend phases: " + (
        legend or "(no PM: console lines in the window)"), 150))
    ax.text(0, -0.07, legend, transform=ax.transAxes, fontsize=5.5, color="#4d004b", va="top")


def _bar_box(style: str) -> Tuple[float, float]:
    """A bar's height and its offset from the lane's line."""
    return (0.5, -0.25) if style not in ("light", "idle") else (0.3, -0.4)


def _lane(ax: Any, lane: Lane, y: int, t0: float, t1: float, anchor: float) -> None:
    """One lane's bars and marks at height y: one artist per style, since a
    storm's lane holds thousands of bars (an artist each took minutes)."""
    ax.axhline(y - 0.5, color="#eeeeee", lw=0.5)
    ranges: Dict[str, List[Tuple[float, float]]] = {}
    for start, end, label, style in lane["bars"]:
        ranges.setdefault(style, []).append((start - anchor, max(end - start, (t1 - t0) / 2000.0)))
        if label and end - start > (t1 - t0) / 25:
            height, off = _bar_box(style)
            ax.text((start + end) / 2 - anchor, y + off + height + 0.02, label, fontsize=6,
                    ha="center", va="bottom")
    for style, spans in ranges.items():
        height, off = _bar_box(style)
        ax.broken_barh(spans, (y + off, height), **STYLE[style])
    ticks = [t - anchor for t, _, style in lane["marks"] if style == "tick"]
    if ticks:
        ax.vlines(ticks, y - 0.3, y + 0.3, color="#888888", lw=0.4)
    if lane["name"] == "suspend phases":
        _phases(ax, lane, y, anchor)
    else:
        _marks(ax, lane, y, t1 - t0, anchor)


def _marks(ax: Any, lane: Lane, y: int, width: float, anchor: float) -> None:
    """A lane's marks but the ticks (one artist per style), labelled where
    there is room."""
    shown: List[float] = []
    points: Dict[str, List[float]] = {}
    for t, label, style in lane["marks"]:
        if style == "tick":
            continue
        x = t - anchor
        points.setdefault(style, []).append(x)
        if label and all(abs(x - p) > width / 30 for p in shown):
            ax.text(x, y - 0.45, label, fontsize=5, rotation=20 if style == "phase" else 0,
                    color=MARK_COLOR.get(style, "#555555"), ha="left", va="bottom")
            shown.append(x)
    for style, times in points.items():
        ax.plot(times, [y] * len(times), linestyle="none", marker="|" if style == "status" else "v",
                color=MARK_COLOR.get(style, "#555555"), ms=6)


def draw(ax: Any, lanes: List[Lane], t0: float, t1: float, anchor: float, title: str,
         clock: str) -> None:
    """The lanes of the window [t0, t1] on ax, times from anchor, on
    `clock` (Trace.clock: virtual, host or index)."""
    ax.set_title(title, fontsize=10)
    n = len(lanes)
    for i, lane in enumerate(lanes):
        _lane(ax, lane, n - 1 - i, t0, t1, anchor)
    ax.set_yticks(range(n))
    ax.set_yticklabels([lane["name"] for lane in reversed(lanes)], fontsize=7)
    ax.set_ylim(-0.6, n - 0.4)
    ax.set_xlim(t0 - anchor, t1 - anchor)
    ax.set_xlabel({"virtual": "guest (virtual) seconds from \"PM: suspend entry\"",
                   "host": "host seconds from \"PM: suspend entry\""}.get(clock, "trace event index"),
                  fontsize=7)
    ax.tick_params(axis="x", labelsize=7)
