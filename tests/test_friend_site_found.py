"""What check_friend found on the built book (two browsers at 390 px playing a friend's game):

- a go forced on this device's person by the friend's card is said by the table, as after a
  computer's card (Ann's page showed "The table says go for you…" after Ben's card and nothing came,
  so both pages waited for ever);
- the panel's rows wrap on a phone, its buttons never cut;
- the friend's page, joined from the link with no tap, drops the static page's "Getting ready" note.
"""

from __future__ import annotations

import random

from test_friend_panel import made, relay, small_group  # noqa: F401 (small_group: the autouse fixture)

from crib_widgets.game import Go


def test_a_go_forced_by_the_friends_card_is_said_for_the_person(monkeypatch):
    ann, ben = made(monkeypatch)
    relay(ann, ben)
    rng = random.Random(5)
    said = 0
    for _ in range(400):
        relay(ann, ben)
        if ann.table.paused and ben.table.paused:
            break
        for view in (ann, ben):  # nobody presses Go: a go that is forced is the table's to say
            if view.table.waiting:
                assert "says go for you" in view.status_text
                said += 1
            cards = [m for m in view.table.learner_moves() if not isinstance(m, Go)]
            if cards:
                view._move(rng.choice(cards))
    assert ann.table.paused and ben.table.paused, (ann.status_text, ben.status_text)
    last = [(e.kind, e.seat, e.points, e.cards) for e in (v.table.game.events[-1] for v in (ann, ben))]
    assert last[0] == last[1] and ann.table.number == 1  # the same event, each page's words ("You deal")
    goes = [e for e in ann.table.game.events if "go" in e.text.lower()]
    assert goes, "the deal had no go: pick another seed"


def test_the_panels_rows_wrap_on_a_phone(monkeypatch):
    """At 390 px the row "Finish against the computer", "Save the game", "Leave this game" was cut to
    "Finish ag…", "Save the …", "Leave thi…" (check_friend's picture after a tampered message): the
    panel's rows wrap, as the table's own rows do (.crib-row)."""
    ann, _ = made(monkeypatch)
    panel = ann.friend_panel
    rows = [panel.after_row, *(w for w in panel.setup.children if type(w).__name__ == "HBox")]
    assert len(rows) == 3 and all("crib-row" in row._dom_classes for row in rows)
    buttons = panel.after_row.children
    assert len(buttons) == 4 and all(b.layout.width == "auto" for b in buttons)  # never cut to "Finish ag…"


def test_the_friends_page_joined_from_the_link_drops_the_getting_ready_note(monkeypatch):
    """Ben's page opened from the link shows the game by itself (no tap): Python runs, so the static
    page's "Getting ready: ... in a few moments the table comes alive" note must go (it stayed above
    Ben's first deal until his first tap)."""
    ann, ben = made(monkeypatch)
    relay(ann, ben)
    assert ben.friend_panel.flow is not None and "Getting ready" not in ben.status.value
