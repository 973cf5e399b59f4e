"""Card views, the card picker and the board: labels in words, selection by click, pegs in place."""

from __future__ import annotations

import itertools
import re

import pytest

from crib_widgets.cards import Card, parse_cards
from crib_widgets.widgets import BoardView, CardPicker, board_svg, card_html, cards_html
from crib_widgets.widgets.board import COMPACT, WIDE, hole_xy, lap_number, on_lap, scale_text
from crib_widgets.widgets.styles import CSS


def test_every_card_is_named_in_words_and_shows_rank_and_suit_symbol():
    for card in parse_cards("AS 10H QD 7C"):
        html = card_html(card)
        assert f'aria-label="{card.name}"' in html
        assert card.rank_text in html and card.pretty[-1] in html


def test_suit_colours_two_and_four_colour_decks():
    two = [card_html(c) for c in parse_cards("2C 2D 2H 2S")]
    four = [card_html(c, four_colour=True) for c in parse_cards("2C 2D 2H 2S")]
    assert all(f"crib-{c}" in h for c, h in zip("black red red black".split(), two, strict=True))
    assert all(f"crib-{c}" in h for c, h in zip("green blue red black".split(), four, strict=True))


def test_lit_cards_are_highlighted_and_the_others_dimmed():
    html = cards_html(parse_cards("5H 10S 2C"), lit=parse_cards("5H 10S"), dim_unlit=True)
    assert html.count("crib-lit") == 2 and html.count("crib-dim") == 1


def test_picker_buttons_name_the_card_and_keep_at_most_two_selected():
    picker = CardPicker("5H 5D JC 10S 2C 3C", max_selected=2)
    assert [b.description for b in picker.buttons][:2] == ["5♥", "5♦"]
    assert picker.buttons[2].tooltip == "jack of clubs"
    for i in (0, 1, 2):
        picker.buttons[i].value = True
    assert picker.selected == (Card(5, "D"), Card(11, "C"))  # the oldest choice was released
    assert [b.value for b in picker.buttons[:3]] == [False, True, True]


def test_picker_ignores_disabled_and_stale_buttons():
    picks = []
    picker = CardPicker("5H 5D", mode="click", on_pick=picks.append)
    old = picker.buttons[0]
    picker.set_enabled([Card(5, "D")])
    picker.buttons[0].click()
    assert picks == []
    picker.buttons[1].click()
    assert picks == [Card(5, "D")]
    picker.set_cards("KS QS")
    old.click()
    assert picks == [Card(5, "D")]
    toggles = CardPicker("5H 5D", max_selected=1)
    toggles.set_enabled(False)
    toggles.buttons[0].value = True
    assert toggles.selected == () and toggles.buttons[0].value is False


def test_picker_rejects_an_unknown_mode():
    with pytest.raises(ValueError, match="mode 'drag' is not known"):
        CardPicker("5H", mode="drag")


@pytest.mark.parametrize("target", [61, 121])
@pytest.mark.parametrize("layout", [WIDE, COMPACT])
def test_board_has_a_lap_of_sixty_holes_per_side_and_a_game_hole(target, layout):
    """A wooden board: two rows of 30 holes a side and two start holes, whatever the game's length
    (the game to 121 goes round twice); the game hole is drawn bigger."""
    svg = board_svg(target, ("Ann", "Ben"), ((0, 0), (0, 0)), layout=layout)
    holes = len(re.findall(rf'<circle [^>]*r="{layout.hole}"', svg))
    assert holes == 2 * (60 + 2)
    assert svg.count("game hole") == 2


def test_holes_go_out_along_one_row_and_back_along_the_other():
    out = [hole_xy(p, 0, 121) for p in range(1, 31)]
    back = [hole_xy(p, 0, 121) for p in range(31, 61)]
    assert all(a[0] < b[0] for a, b in itertools.pairwise(out))
    assert all(a[0] > b[0] for a, b in itertools.pairwise(back))
    assert len({y for _, y in out}) == len({y for _, y in back}) == 1 and out[0][1] < back[0][1]


@pytest.mark.parametrize("layout", [WIDE, COMPACT])
def test_each_score_stands_in_the_hole_a_wooden_board_has_it_in(layout):
    """A real 121 board (issue 35): each track goes up one row and back down the other, twice round
    for 121; 1 and 61 share the first hole, 119 and 120 sit beside the start, the game hole too.
    The game to 61 goes round once, in the same holes."""
    def at(p, target=121):
        return hole_xy(p, 0, target, layout=layout)

    start, game = at(0), at(121)
    step = at(2)[0] - at(1)[0]
    for p in range(1, 61):
        assert at(p) == at(p + 60) == at(p, 61)  # the second time round: the same hole
    for p in range(1, 31):  # hole p of the outward row faces hole 61 - p of the homeward row
        assert at(p)[0] == at(61 - p)[0] and at(p)[1] < at(61 - p)[1]
    assert at(1)[1] == start[1] and 0 < at(1)[0] - start[0] < 3 * step  # the first hole beside the start
    for beside in (60, 119, 120):  # the end of each lap comes home beside the start and the game hole
        assert at(beside)[0] <= at(1)[0] + step + 0.01 and at(beside)[1] == at(31)[1]
    assert game[0] < at(120)[0] and abs(game[1] - at(120)[1]) < 1
    assert at(30)[0] == at(31)[0] == max(x for x, _ in map(at, range(1, 121)))  # the turn, far end
    assert at(121) == at(125) and at(61, 61) == hole_xy(61, 0, 61, layout=layout)  # the game hole
    # groups of five: a wider gap after every fifth hole
    gaps = [round(at(p + 1)[0] - at(p)[0], 3) for p in range(1, 30)]
    assert {g for i, g in enumerate(gaps, 1) if i % 5} == {round(step, 3)}
    assert all(gaps[i - 1] > step for i in (5, 10, 15, 20, 25))


def test_the_scale_names_both_times_round_and_each_peg_says_which():
    assert on_lap(1) == on_lap(61) == 1 and on_lap(120) == 60 and lap_number(95) == 2
    assert scale_text(10, 121) == "10·70" and scale_text(60, 121) == "60·120" and scale_text(10, 61) == "10"
    svg = board_svg(121, ("Ann", "Bob"), ((113, 105), (91, 84)), layout=COMPACT)
    for label in ("10·70", "30·90", "40·100", "60·120"):
        assert f">{label}</text>" in svg
    assert "front peg 113 (second time round)" in svg and "back peg 84 (second time round)" in svg
    assert "(first time round)" not in board_svg(61, ("Ann", "Bob"), ((13, 5), (0, 0)))
    # the review saw pegs over "10" and "30" while the labels said 113 and 91: the peg stands at the
    # number that names its hole
    x113, y113 = hole_xy(113, 0, 121, layout=COMPACT)
    x110, _ = hole_xy(110, 0, 121, layout=COMPACT)
    label = re.search(rf'<text x="{x110:.1f}" y="([0-9.]+)"[^>]*>50·110</text>', svg)
    assert label and float(label.group(1)) > y113  # on the homeward side, under the lanes
    assert x110 - 50 < x113 < x110  # three holes on, towards home


def test_the_phone_board_holes_are_large_enough_to_see():
    """At 390 px the board is drawn about 340 px wide: holes about 5 px across, pegs bigger."""
    scale = 340 / COMPACT.width
    assert 2 * COMPACT.hole * scale >= 4.5 and COMPACT.peg > COMPACT.hole and COMPACT.back_peg > COMPACT.hole
    step = hole_xy(2, 0, 121, layout=COMPACT)[0] - hole_xy(1, 0, 121, layout=COMPACT)[0]
    assert step > 2 * COMPACT.hole + 2  # room between holes


def test_board_shows_scores_the_jump_and_the_latest_event():
    board = BoardView(121, ("Ann", "Computer"), ((34, 28), (17, 0)), "Ann pegs 6 for a run of three")
    assert board.scores == (34, 17)
    assert "Ann: <b>34</b>" in board.value and "(+6)" in board.value
    assert ">+6</text>" in board.value  # the arc of the back peg's jump
    assert "Ann pegs 6 for a run of three" in board.value
    board.update(((34, 28), (7, 17)), "Computer's hand scored nothing: 10 back, from 17 to 7")
    assert "(-10)" in board.value and "10 back" in board.value


def test_board_draws_three_and_four_sides_and_refuses_others():
    assert board_svg(61, ("A", "B", "C"), ((1, 0), (2, 0), (3, 0)), layout=COMPACT).count("game hole") == 3
    assert "skunk 91" in board_svg(121, "ABCD", ((1, 0),) * 4)
    with pytest.raises(ValueError, match="61 or 121"):
        board_svg(100, ("A", "B"), ((0, 0), (0, 0)))
    with pytest.raises(ValueError, match="2 to 4 sides"):
        board_svg(61, ("A",), ((0, 0),))


def test_a_board_has_a_wide_and_a_phone_layout_with_readable_text_and_names_clear_of_the_pegs():
    both = board_svg(121, ("Alexandra", "Computer"), ((30, 22), (75, 70)))
    assert both.count("<svg") == 2 and 'class="crib-boardsvg crib-wide"' in both
    assert both.count('role="img"') == 2 and both.count('aria-hidden="true"') == 1  # read once
    compact = board_svg(121, ("Alexandra", "Computer"), ((30, 22), (75, 70)), layout=COMPACT)
    # drawn about 340 px wide on a 390 px phone: every text at least 9 px tall
    scale = 340 / COMPACT.width
    sizes = [float(f) for f in re.findall(r'<text [^>]*font-size="([0-9.]+)"', compact)]
    assert sizes and min(sizes) * scale >= 9
    # the names stand above their lanes, left of every hole and peg of the lane below them
    for side, name in enumerate(("Alexandra", "Computer")):
        y = float(re.search(rf'y="([0-9.]+)"[^>]*>{name}<', compact).group(1))
        assert y < hole_xy(0, side, 121, layout=COMPACT)[1] - COMPACT.peg - 2
    assert "@container (max-width: 520px)" in CSS


def test_stylesheet_is_scoped_to_the_widgets():
    flat = re.sub(r"@(?:media|container)[^{]*\{", "", CSS)  # rules inside at-rules are scoped too
    rules = [r.strip() for r in flat.split("}") if r.strip() and not r.strip().startswith("/*")]
    assert all(r.split("{")[0].strip().startswith(".crib-root") for r in rules)


def test_card_rows_keep_focus_and_action_buttons_draw_no_icon_glyph():
    from crib_widgets.widgets.frame import action_button

    picker = CardPicker("5H 5D JC")
    assert {"crib-picker", "crib-keepfocus"} <= set(picker._dom_classes)  # lite/runtime/src/page/crib-a11y.js
    assert [b.tooltip for b in picker.buttons] == [c.name for c in picker.cards]  # the accessible name
    assert action_button("Show me", "Show the answer", "info").icon == ""


JUMPS = [((14, 4), (15, 13)), ((2, 0), (3, 1)), ((44, 32), (58, 53)), ((30, 29), (9, 0))]


@pytest.mark.parametrize("pegs", JUMPS)
def test_the_jump_label_stays_on_the_board_clear_of_the_scale_and_the_names(pegs):
    """A learner with a 10-point jump near a scale number saw "+10" over the "10", cut off at the
    board's top edge; on a phone "+2" ran into "Computer"."""
    wide = board_svg(61, ("You", "Computer"), pegs, layout=WIDE)
    found = re.findall(r'<text x="([0-9.]+)" y="([0-9.]+)"[^>]*>[+-]\d+<', wide)
    labels = [(float(x), float(y)) for x, y in found]
    assert len(labels) == 2
    scale_y = WIDE.top - 11
    for _, y in labels:
        assert y - 9.5 >= 2  # its top inside the wood
    assert labels[0][1] - 9.5 * 0.72 >= scale_y  # the top lane's digits (0.72 em tall) under the scale's
    compact = board_svg(61, ("You", "Computer"), pegs, layout=COMPACT)
    found = re.findall(r'<text x="([0-9.]+)" y="([0-9.]+)"[^>]*>([+-]\d+)<', compact)
    for side, (name, (x, y, text)) in enumerate(zip(("You", "Computer"), found, strict=True)):
        name_y = COMPACT.top + side * COMPACT.lane - 9
        name_end = COMPACT.track_left - COMPACT.start[1] - 4 + 0.66 * COMPACT.name_font * len(name)
        if abs(float(y) - name_y) < 12:  # on the name's line: it starts after the name
            assert float(x) - 0.66 * 12 * len(text) / 2 >= name_end


def test_a_long_name_is_fitted_left_of_the_start_holes_on_the_wide_board():
    svg = board_svg(121, ("Alexandra", "Computer"), ((0, 0), (0, 0)), layout=WIDE)
    room = WIDE.track_left - WIDE.start[1] - WIDE.peg - 14
    for name in ("Alexandra", "Computer"):
        length = re.search(rf'textLength="([0-9.]+)"[^>]*>{name}<', svg)
        assert length and float(length.group(1)) <= room + 0.5
    assert "textLength" not in board_svg(121, ("You", "Ann"), ((0, 0), (0, 0)), layout=WIDE)
