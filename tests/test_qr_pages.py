"""issue 37 item 3: a QR code on every printed page of links (each student's slip, the class's page
where codes are typed, each tournament link) and on the class page, each decoding to its address."""

from __future__ import annotations

import re

import segno

from crib_widgets.classroom import ClassDesk
from crib_widgets.exercises.assign import Assignment
from crib_widgets.exercises.class_folder import class_files
from crib_widgets.exercises.short import short_link, typed_page
from crib_widgets.table.class_tournament import Tournament
from crib_widgets.table.duplicate import DuplicateSet
from crib_widgets.table.tournament_folder import tournament_files
from crib_widgets.widgets.class_desk import ClassDeskView
from crib_widgets.words import possessive
from tests.test_qr import matrix_of

SITE = "https://example.org/crib/"
CLASS = Assignment("counting", "easy", 2, 7, ("Ann", "María García", "James O'Neil"), secret="3c" * 16)
_SVG = re.compile(r'<svg role="img" aria-label="([^"]*)".*?</svg>', re.S)


def codes_in(page: str) -> dict[str, str]:
    """Each QR code of a page by its accessible name (the label, HTML-unescaped)."""
    import html

    return {html.unescape(m.group(1)): m.group(0) for m in _SVG.finditer(page)}


def reads(svg: str, address: str) -> bool:
    return matrix_of(svg) == [list(row) for row in segno.make_qr(address, error="m").matrix]


def test_each_slip_on_the_printed_links_has_a_qr_code_of_the_students_short_link():
    page = class_files(CLASS, SITE)["links.html"]
    codes = codes_in(page)
    for name in CLASS.students:
        assert reads(codes[f"QR code of {possessive(name)} short link"], short_link(CLASS, name, SITE))
    typed = codes["QR code of the page where students type their set code and student code"]
    assert reads(typed, typed_page(SITE))
    assert len(codes) == len(CLASS.students) + 1
    slips = page.split('<div class="slips">')[1]
    assert all("<svg" in slip for slip in slips.split('<div class="slip">')[1:])


def test_without_the_books_address_no_qr_code_and_a_sentence_says_how_to_get_them():
    page = class_files(CLASS)["links.html"]
    assert "<svg" not in page
    assert "each slip also gets a QR code to scan" in page


def test_a_tournaments_printed_links_have_a_qr_code_each():
    cup = Tournament(DuplicateSet(seed=12, deals=8, level="expert"), CLASS.students, secret="11" * 16)
    page = tournament_files(cup, SITE)["links.html"]
    codes = codes_in(page)
    for name in cup.students:
        assert reads(codes[f"QR code of {possessive(name)} link"], cup.link(name, SITE))
    assert "point the camera" in page
    assert "<svg" not in tournament_files(cup, "")["links.html"]


def test_the_class_page_shows_the_class_qr_code_when_it_knows_the_books_address():
    view = ClassDeskView(ClassDesk(site=SITE))
    view.roster.value = "Ann\nBen\n"
    view.hands.value = 2
    view.make_button.click()
    codes = codes_in(view.made.value)
    assert list(codes) == ["QR code of the page where students type their set code and student code"]
    assert reads(next(iter(codes.values())), typed_page(SITE))
    assert "show this QR code on the board" in view.made.value
    here = ClassDeskView(ClassDesk())  # a notebook outside the published book: no address to encode
    here.roster.value = "Ann\n"
    here.hands.value = 2
    here.make_button.click()
    assert "<svg" not in here.made.value
