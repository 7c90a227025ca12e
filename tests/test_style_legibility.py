"""Legibility at a dim table, read from the stylesheet itself: text colours that an accessibility tester measured
under WCAG AA's 4.5:1 on their background, the focus ring of the dark top bar, and controls scrolled to under the
sticky top bar."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

CSS = (Path(__file__).resolve().parents[1] / "companion" / "web" / "static" / "style.css").read_text(encoding="utf-8")


def _rule(selector: str) -> str:
    found = re.search(re.escape(selector) + r"\s*\{([^}]*)\}", CSS)
    assert found, selector
    return found.group(1)


def _colour(value: str) -> str:
    """A #rrggbb colour, through var(--name) when the rule names one."""
    named = re.fullmatch(r"var\((--[\w-]+)\)", value.strip())
    if named:
        found = re.search(re.escape(named.group(1)) + r"\s*:\s*(#[0-9a-fA-F]{6})", CSS)
        assert found, named.group(1)
        return found.group(1)
    return value.strip()


def _property(selector: str, name: str) -> str:
    found = re.search(rf"(?:^|;|\s){name}\s*:\s*([^;]+)", _rule(selector))
    assert found, (selector, name)
    return found.group(1)


def _luminance(colour: str) -> float:
    channels = [int(colour[i : i + 2], 16) / 255 for i in (1, 3, 5)]
    r, g, b = (c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in channels)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(one: str, other: str) -> float:
    light, dark = sorted((_luminance(one), _luminance(other)), reverse=True)
    return (light + 0.05) / (dark + 0.05)


@pytest.mark.parametrize(
    ("selector", "text", "ground"),
    [
        (".badge--good", "color", "background"),  # "on the table" on the games page: 3.86:1 before
        (".flip", "color", None),  # karma's "⟲ 4" chips on a white card: 3.64:1 before
    ],
)
def test_small_text_colours_reach_wcag_aa_on_their_background(selector: str, text: str, ground: str | None) -> None:
    foreground = _colour(_property(selector, text))
    background = _colour(_property(selector, ground)) if ground else "#ffffff"
    assert contrast(foreground, background) >= 4.5


def test_a_checked_karma_chip_keeps_its_white_text_legible() -> None:
    assert contrast("#ffffff", _colour(_property(".flip:has(input:checked)", "background"))) >= 4.5


def test_the_top_bars_links_show_a_focus_ring_inside_themselves() -> None:
    # Chrome's own ring is near-black on the dark bar, and the tabs' row cut off what is drawn outside a link.
    ring = _rule(".topbar a:focus-visible")
    assert "outline: 3px solid" in ring and "outline-offset: -3px" in ring


def test_a_control_scrolled_to_stays_below_the_sticky_top_bar() -> None:
    assert int(_property("html", "scroll-padding-top").removesuffix("px")) >= 104
