"""Display helpers for the book's pages: cards, counts, plays and the board as plain HTML.

The engine decides every score; these functions only lay out what it returns. The HTML is static,
so it reads the same on the built site as in a live notebook. Call `setup()` once at the top of a
page: it sends the stylesheet (the widgets' own, plus a few rules for tables) and sets the look
of the charts.

>>> from crib_widgets.scoring import score_hand
>>> "fifteen two" in count("5H 10C 2D 3S", "KD").data
True
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Sequence

from crib_widgets.cards import Card, parse_cards
from crib_widgets.game.kinds import NARRATED, EventKind
from crib_widgets.pegging import item_words, play_points
from crib_widgets.scoring import HandScore, score_hand
from crib_widgets.widgets.board import board_svg
from crib_widgets.widgets.cards_view import cards_html
from crib_widgets.widgets.styles import CSS, esc
from crib_widgets.words import join_words
from crib_widgets.words import plural as _plural

__all__ = ["setup", "glue", "show", "mini", "count", "play", "play_table", "narrate", "table", "board",
           "plural", "join_words", "printable", "pct", "one_in"]

_BOOK_CSS = """
.crib-root.cb-plain { border: none; background: none; padding: 2px 0; max-width: none; }
.crib-root .cb-inline { display: inline-flex; align-items: flex-start; gap: 10px; flex-wrap: wrap; }
.crib-root .cb-inline > .crib-label { align-self: center; }
.crib-root table.cb-table { border-collapse: collapse; margin: 6px 0 4px; font-size: .95em; }
.crib-root table.cb-table th { text-align: left; font-weight: 650; color: var(--crib-ink);
  border-bottom: 2px solid var(--crib-line); padding: 4px 12px 4px 4px; }
.crib-root table.cb-table td { border-bottom: 1px solid var(--crib-line-faint); padding: 3px 12px 3px 4px;
  vertical-align: middle; }
.crib-root table.cb-table td.cb-num { text-align: right; font-variant-numeric: tabular-nums; }
.crib-root table.cb-table tr.cb-total td { font-weight: 700; border-bottom: none; }
.crib-root .cb-caption { color: var(--crib-muted); font-size: .9em; margin-top: 2px; }
.crib-root table.cb-story td { padding: 1px 12px 1px 4px; }
.crib-root table.cb-story tr.cb-points td { font-weight: 650; color: var(--crib-green); }
.crib-root table.cb-story td.cb-reset { color: var(--crib-ink); font-style: italic;
  border-top: 2px dashed var(--crib-line);
  padding-top: 4px; }
.crib-root table.cb-table .crib-cards { flex-wrap: nowrap; }
.crib-root .cb-mini { white-space: nowrap; }
.crib-root .crib-cards.cb-small .crib-card { width: 2.3em; height: 3.2em; font-size: .9em; }
"""


class HTML:
    """A piece of HTML that a notebook shows as HTML (Jupyter, myst-nb and its glue draw any object
    with ``_repr_html_``). Made here rather than taken from IPython so that the book's helpers also
    run on the in-place pages, whose Python has no IPython (lite/README.md)."""

    def __init__(self, data: str) -> None:
        self.data = data

    def _repr_html_(self) -> str:
        return self.data

    def __repr__(self) -> str:  # what a plain-text view shows instead (stable: no address)
        return f"<HTML, {len(self.data)} characters>"


def setup() -> HTML:
    """The stylesheet for this page's cards and tables (an invisible output), and the chart style."""
    try:
        import matplotlib as mpl
    except ImportError:  # charts are optional; the cards and tables still work
        pass
    else:
        mpl.rcParams.update({
            "figure.dpi": 110, "font.size": 10.5, "axes.spines.top": False,
            "axes.spines.right": False, "axes.titleweight": "bold", "savefig.bbox": "tight",
        })
    return HTML(f"<style>{CSS}{_BOOK_CSS}</style>")


def glue(name: str, value: object) -> None:
    """Keep ``value`` for the page's text under ``name`` (myst-nb's glue, shown nowhere else).

    In a notebook opened without myst-nb the value is simply not kept: the code still runs.
    """
    try:
        from myst_nb import glue as nb_glue
    except ImportError:
        return
    nb_glue(name, value, display=False)


def _box(body: str) -> HTML:
    return HTML(f'<div class="crib-root cb-plain">{body}</div>')


def _row(cards: Sequence[Card], *, lit: Iterable[Card] = (), tags: Sequence[str] | None = None,
         label: str | None = None, small: bool = False) -> str:
    html = cards_html(cards, lit=lit, tags=tags, label=label)
    return html.replace('class="crib-cards"', 'class="crib-cards cb-small"', 1) if small else html


def mini(cards: str | Iterable[str | Card], starter: str | Card | None = None) -> str:
    """Small cards as an HTML string, for table cells; the starter (if any) set a little apart."""
    html = _row(parse_cards(cards), small=True, label="cards")
    if starter is not None:
        turned = Card.parse(starter)
        html += '<span class="crib-gap"></span>' + _row([turned], small=True, label=f"starter {turned.name}")
    return f'<span class="cb-mini">{html}</span>'


def show(cards: str | Iterable[str | Card], *, starter: str | Card | None = None,
         label: str = "hand", tags: Sequence[str] | None = None, caption: str = "") -> HTML:
    """A row of cards (``tags`` prints a caption under each), the starter set apart when given."""
    hand = parse_cards(cards)
    parts = [f'<span class="crib-label">{esc(label)}</span>' if label and tags is None else "",
             _row(hand, label=label, tags=None if tags is None else list(tags))]
    if starter is not None:
        turned = Card.parse(starter)
        parts.append('<span class="crib-gap"></span>' + _row([turned], tags=["starter"], label="starter"))
    note = f'<div class="cb-caption">{esc(caption)}</div>' if caption else ""
    return _box(f'<div class="cb-inline">{"".join(parts)}</div>{note}')


def count(hand: str | Iterable[str | Card], starter: str | Card, *, crib: bool = False,
          title: str = "") -> HTML:
    """A hand counted aloud, one line per scoring combination with its cards lit and the running total."""
    score = score_hand(hand, starter, crib=crib)
    return _box(_count_html(score, title))


def _count_html(score: HandScore, title: str) -> str:
    what = "crib" if score.crib else "hand"
    head = f'<div class="crib-title">{esc(title)}</div>' if title else ""
    cards = show(score.hand, starter=score.starter, label=what).data
    rows = []
    for words, lit, running in score.steps():
        shown = _row([*score.hand, score.starter], lit=lit, small=True, label=words)
        rows.append(f'<tr><td class="crib-say">“{esc(words)}”</td><td>{shown}</td>'
                    f'<td class="cb-num">{running}</td></tr>')
    if not rows:
        rows.append('<tr><td class="crib-say" colspan="2">“nineteen”: no combination scores</td>'
                    '<td class="cb-num">0</td></tr>')
    total = (f'<tr class="cb-total"><td colspan="2">{what.capitalize()} total</td>'
             f'<td class="cb-num">{score.total}</td></tr>')
    table_html = ('<table class="cb-table"><thead><tr><th>said aloud</th><th>the cards that score</th>'
                  f'<th>running total</th></tr></thead><tbody>{"".join(rows)}{total}</tbody></table>')
    return head + cards + table_html


def play(pile: str | Iterable[str | Card], *, caption: str = "") -> HTML:
    """The cards of one count in the order laid, the count after each, and what the last card scores."""
    cards = parse_cards(pile)
    result = play_points(cards)
    counts, running = [], 0
    for card in cards:
        running += card.value
        counts.append(f"count {running}")
    lit = {c for item in result.items for c in item.cards}
    row = _row(cards, tags=counts, lit=lit if result.items else (), label="cards laid in this count")
    verdict = (f"The last card, {cards[-1].pretty}, scores <b>{result.total}</b>: "
               f"{esc(result.describe())}." if result.items else
               f"The last card, {cards[-1].pretty}, scores nothing.")
    note = f'<div class="cb-caption">{esc(caption)}</div>' if caption else ""
    return _box(f"{row}<div>{verdict}</div>{note}")


def play_table(piles: Sequence[tuple[str, str]]) -> HTML:
    """A table of example counts: (what it shows, the pile) -> the points of the last card and why."""
    rows = []
    for what, pile in piles:
        cards = parse_cards(pile)
        result = play_points(cards)
        reasons = " + ".join(f"{item.points} for {item_words(item)}" for item in result.items) or "nothing"
        rows.append([esc(what), _row(cards, small=True, label=f"cards laid: {pile}"),
                     str(result.count), f"<b>{result.total}</b>", esc(reasons)])
    return table(["the last card makes", "cards laid in this count", "count", "points", "why"],
                 rows, escape=False, numeric=(2, 3))


def narrate(events: Iterable, kinds: Collection[str] = NARRATED) -> HTML:
    """The game's own sentences for its events, one a line: cards laid with the card drawn,
    points in bold, the count going back to 0 as a divider."""
    rows = []
    for event in events:
        if event.kind not in kinds:
            continue
        text = esc(event.text)
        if event.kind == EventKind.PLAY and event.cards:
            card = _row(event.cards[-1:], small=True, label=event.cards[-1].name)
            rows.append(f"<tr><td>{card}</td><td>{text}</td></tr>")
        elif event.kind == EventKind.RESET:
            rows.append(f'<tr><td></td><td class="cb-reset">{text}</td></tr>')
        elif event.points:
            points = f'<td class="cb-num">{event.points:+d}</td>'
            rows.append(f'<tr class="cb-points">{points}<td>{text}</td></tr>')
        else:
            rows.append(f'<tr><td></td><td class="crib-sub">{text}</td></tr>')
    return _box(f'<table class="cb-table cb-story"><tbody>{"".join(rows)}</tbody></table>')


def table(header: Sequence[str], rows: Iterable[Sequence[object]], *, escape: bool = True,
          numeric: Sequence[int] = (), total: Sequence[object] | None = None) -> HTML:
    """A plain table; columns listed in ``numeric`` are right-aligned, ``total`` is a bold last row."""
    def cell(value: object, col: int) -> str:
        text = esc(value) if escape else str(value)
        return f'<td class="cb-num">{text}</td>' if col in numeric else f"<td>{text}</td>"

    head = "".join(f"<th>{esc(h)}</th>" for h in header)
    body = "".join("<tr>" + "".join(cell(v, i) for i, v in enumerate(r)) + "</tr>" for r in rows)
    if total is not None:
        body += '<tr class="cb-total">' + "".join(cell(v, i) for i, v in enumerate(total)) + "</tr>"
    return _box(f'<table class="cb-table"><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>')


def board(pegs: Sequence[tuple[int, int]], *, target: int = 121,
          names: Sequence[str] = ("Ann", "Bob"), caption: str = "") -> HTML:
    """The cribbage board with each side's two pegs at ``(front, back)``."""
    note = f'<div class="cb-caption">{esc(caption)}</div>' if caption else ""
    svg = board_svg(target, names, pegs)
    return _box(f'<div class="crib-board" style="max-width:760px">{svg}</div>{note}')


def plural(n: int, word: str = "point") -> str:
    """``plural(1)`` -> ``'1 point'``, ``plural(5)`` -> ``'5 points'``: the book's one plural
    (`crib_widgets.words.plural`), with points unless another word is named."""
    return _plural(n, word)


def pct(share: float) -> str:
    """A share (0..1) as a person says it: '21%', '4%', '0.6%', '0.00003%' (never 3.1e-05%).

    >>> pct(0.2055), pct(0.04), pct(0.0057), pct(3.1e-07), pct(0)
    ('21%', '4%', '0.6%', '0.00003%', '0%')
    """
    percent = 100 * share
    if percent == 0 or percent >= 0.95:
        return f"{percent:.0f}%"
    digits = 1
    while round(percent, digits) == 0 or percent < 10 ** -digits:
        digits += 1
    return f"{percent:.{digits}f}%"


def one_in(every: float, what: str = "") -> str:
    """How rare something is, as a person says it: 'about 1 in 3.2 million', 'about 1 hand in
    170,000', 'about 1 in 13' (two significant figures; ``every`` is how many there are for each one).

    >>> one_in(3_248_700, "hand"), one_in(170_984), one_in(1_417)
    ('about 1 hand in 3.2 million', 'about 1 in 170,000', 'about 1 in 1,400')
    >>> one_in(12.9), one_in(216_580, "deal")
    ('about 1 in 13', 'about 1 deal in 220,000')
    """
    if not every >= 1:
        raise ValueError(f"'1 in {every!r}' is not a rarity: give how many there are for each one "
                         "(at least 1)")
    every = float(every)  # a Fraction too
    one = f"1 {what} in" if what else "1 in"
    if every >= 999_500:
        millions = f"{every / 1e6:.2g}" if every < 1e7 else f"{round(every / 1e6):,}"
        return f"about {one} {millions} million"
    rounded = round(every) if every < 100 else int(float(f"{every:.2g}"))
    return f"about {one} {rounded:,}"


_PRINT_JS = "this.closest('.cb-printable').querySelector('iframe').contentWindow.print()"
_SAVE_JS = ("var f=this.closest('.cb-printable').querySelector('iframe'),a=document.createElement('a');"
            "a.href=window.URL.createObjectURL(new Blob([f.srcdoc],{type:'text/html'}));"
            "a.download=this.dataset.file;document.body.append(a);a.click();a.remove();")
_BUTTON_STYLE = ("font: inherit; padding: 6px 14px; margin: 6px 8px 0 0; "
                 "border: 1px solid var(--crib-ink); border-radius: 6px; background: var(--crib-paper); "
                 "color: var(--crib-ink); cursor: pointer;")


def printable(page: str, *, what: str, filename: str, height: int = 520) -> HTML:
    """A whole page to print (an HTML document with its own print styles) shown in a frame, with a
    button that prints only that page and one that saves it as a file to print later.

    >>> html = printable("<!DOCTYPE html><p>hi</p>", what="the board", filename="board.html").data
    >>> "Print the board" in html and 'data-file="board.html"' in html
    True
    """
    from crib_widgets.exercises import preview

    frame = preview(page, height=height, title=f"{what}: preview")
    buttons = (f'<button type="button" style="{_BUTTON_STYLE}" onclick="{esc(_PRINT_JS)}">'
               f"Print {esc(what)}</button>"
               f'<button type="button" style="{_BUTTON_STYLE}" data-file="{esc(filename)}" '
               f'onclick="{esc(_SAVE_JS)}">Save {esc(what)} as a file</button>')
    return _box(f'<div class="cb-printable">{frame}<div>{buttons}</div></div>')
