"""Sphinx extension: the chapters' old addresses lead to the pages that hold their lessons now.

The course was reordered (counting first, then a deal, the play, a first game, strategy). Links that
learners and teachers shared before still work: each old page is a small page that says where the
lesson went and sends the browser there at once. One home for the mapping: ``OLD_PAGES``.
"""

from __future__ import annotations

from html import escape
from pathlib import Path

from sphinx.application import Sphinx

# old page (under book/) -> (new page, what the old page taught)
OLD_PAGES: dict[str, tuple[str, str]] = {
    "02_cards_board_goal": ("05_the_board", "Cards, the board and the goal"),
    "03_deal_and_crib": ("05_deal_and_crib", "The deal and the crib"),
    "04_starter_and_heels": ("06_starter_and_heels", "The starter and his heels"),
    "05_the_play": ("07_play_to_31", "The play to 31"),
    "06_the_show": ("04_the_whole_show", "The show: counting the hands"),
    "07_how_often_hands_score": ("appendix_hand_statistics", "How often hands score"),
    "08_winning": ("08_a_whole_deal", "Winning"),
    "09_muggins": ("13_muggins", "Muggins"),
    "10_variants": ("14_variants", "Variants"),
    "11_discard_strategy": ("10_discarding", "Discard strategy"),
    "12_pegging_strategy": ("11_pegging_well", "Pegging strategy"),
    "13_play_a_game": ("15_full_game", "Play a game"),
    "14_for_teachers": ("teachers_guide", "For teachers"),
}

_PAGE = """<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{title}: moved</title>
<link rel="canonical" href="{new}.html">
<meta http-equiv="refresh" content="0; url={new}.html">
<style>body{{font:1.1rem/1.5 system-ui,sans-serif;max-width:36rem;margin:3rem auto;padding:0 1rem}}</style>
</head><body><main>
<h1>This lesson has moved</h1>
<p>&ldquo;{title}&rdquo; is now part of <a href="{new}.html">this page of the book</a>.
If nothing happens, follow the link.</p>
</main></body></html>
"""


def old_page_html(title: str, new: str) -> str:
    """The page left at an old address: it names the lesson and links to where it is now."""
    return _PAGE.format(title=escape(title), new=escape(new))


def write_old_pages(app: Sphinx, exception: Exception | None) -> None:
    if exception is not None or app.builder.format != "html":
        return
    folder = Path(app.outdir) / "book"
    for old, (new, title) in OLD_PAGES.items():
        if not (folder / f"{new}.html").is_file():
            raise RuntimeError(f"old page book/{old}.html would lead to book/{new}.html, "
                               "which the build did not make")
        (folder / f"{old}.html").write_text(old_page_html(title, new), encoding="utf-8")


def setup(app: Sphinx) -> dict:
    app.connect("build-finished", write_old_pages)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
