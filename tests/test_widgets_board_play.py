"""Chapter 12's board practice on the page, driven by .click() and by choosing cards as a tap or
Space does."""

from __future__ import annotations

from crib_widgets.cards import Card
from crib_widgets.widgets.board_play import BoardPlayView


def press(view: BoardPlayView, cards) -> None:
    """Choose cards the way a tap, a click or Space on a card button does."""
    for card in cards:
        view.hand_picker.buttons[view.hand_picker.cards.index(Card.parse(card))].value = True


def test_an_answer_is_a_button_named_in_words_and_judged_only_on_check():
    view = BoardPlayView(kind="home", shuffle=False)
    q = view.question
    assert [b.description for b in view.choice_buttons] == [w for _, w in q.options()]
    assert all(b.tooltip.startswith("Choose: ") for b in view.choice_buttons)
    assert "Who gets home first?" in view.situation.value and "counts" in view.situation.value
    wrong = next(i for i, (k, _) in enumerate(q.options()) if k != q.answer_key)
    view.choice_buttons[wrong].click()
    assert view.lesson.records == [] and "Press Check" in view.status_text
    chosen = view.choice_buttons[wrong]  # pressed, and named so (the page says aria-pressed)
    assert chosen.button_style == "info" and "mod-active" in chosen._dom_classes
    assert chosen.tooltip.endswith("(your choice)") and "crib-choice" in chosen._dom_classes
    view.check_button.click()
    assert view.tally == (0, 1) and view.status_text.startswith("Not this time")
    assert "Why:" in view.feedback.value and "Counting first" in view.feedback.value
    assert all(b.disabled for b in view.choice_buttons)
    view.check_button.click()  # judged once: said, not recorded again
    assert len(view.lesson.records) == 1 and "answered" in view.status_text
    assert view.next_button.button_style == "primary"
    view.next_button.click()
    assert view.lesson.records[0].position != view.lesson.position["text"]
    assert not any(b.disabled for b in view.choice_buttons) and view.feedback.value == ""


def test_check_with_nothing_chosen_says_what_to_do():
    view = BoardPlayView(kind="seat", shuffle=False)
    view.check_button.click()
    assert "choose an answer first" in view.status_text.lower() and view.tally == (0, 0)


def test_a_throw_is_two_card_buttons_and_the_verdict_is_the_discard_trainers():
    view = BoardPlayView(kind="throw", shuffle=False)
    picker = view.hand_picker
    assert len(picker.buttons) == 6 and view.choice_buttons == []
    assert all(b.tooltip == c.name for b, c in zip(picker.buttons, picker.cards, strict=True))
    best = view.question.answer_key.split()
    press(view, best[:1])
    assert "Choose 1 more" in view.status_text
    press(view, best[1:])
    assert set(map(str, view.lesson.chosen)) == set(best)
    view.check_button.click()
    assert view.tally == (1, 1) and view.status_text.startswith("Right")
    assert "Best throw" in view.feedback.value and all(b.disabled for b in picker.buttons)


def test_a_play_offers_only_the_cards_that_can_be_laid_and_show_me_picks_the_best():
    view = BoardPlayView(kind="play", shuffle=False)
    q = view.question
    playable = dict(q.options())
    for button, card in zip(view.hand_picker.buttons, view.hand_picker.cards, strict=True):
        assert button.disabled == (str(card) not in playable)
    cards = list(playable)
    press(view, cards[:1])
    press(view, cards[1:2])  # a second card replaces the first
    assert view.lesson.chosen == (cards[1],)
    view.hand_picker.clear()
    assert view.lesson.chosen == ()
    view.reveal_button.click()
    assert view.tally == (0, 1) and "The answer: lay the" in view.status_text
    assert [str(c) for c in view.hand_picker.selected] == [q.answer_key]


def test_the_kind_picker_asks_another_kind_and_the_answer_is_folded_for_a_static_page():
    view = BoardPlayView(shuffle=False)
    view.kind_picker.value = "play"
    assert view.question.kind == "play" and "Which card do you lay?" in view.situation.value
    assert "<details" in view.peek.value and "Open the answer" in view.peek.value


def test_the_board_practice_works_with_numpy_and_matplotlib_blocked():
    """On the live page there is neither: every kind of position, answered and shown, without them."""
    import subprocess
    import sys
    import textwrap

    script = textwrap.dedent("""
        import importlib.abc, sys

        class Block(importlib.abc.MetaPathFinder):
            def find_spec(self, name, path=None, target=None):
                if name.split(".")[0] in ("numpy", "matplotlib", "pandas", "PIL"):
                    raise ImportError(f"{name} is blocked")
                return None

        sys.meta_path.insert(0, Block())
        from crib_widgets.widgets import BoardPlayView

        v = BoardPlayView(shuffle=False)
        for _ in range(len(v.lesson.queue)):
            v.reveal_button.click(); v.next_button.click()
        assert v.tally == (0, len(v.lesson.queue))
        print("ok")
    """)
    run = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=300)
    assert run.returncode == 0 and run.stdout.strip().endswith("ok"), run.stderr[-3000:]
