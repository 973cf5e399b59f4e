"""GameTable, the view of a `Table`: drawing and wiring. A scripted learner clicks through whole games;
the wording, pacing, hints, level menu, saving and restoring are checked on the widgets."""

from __future__ import annotations

import json
import random

import pytest

from crib_widgets.game import Game
from crib_widgets.scoring import hand_total
from crib_widgets.table.ending import final_result
from crib_widgets.widgets import GameTable
from crib_widgets.widgets.post_game import PHASE_NAMES, points_by_phase, score_race
from crib_widgets.widgets.styles import STATIC_NOTE_GAME


class Learner:
    """A scripted learner who only clicks the table's controls."""

    def __init__(self, seed: int, *, hint: bool = False, honest: bool = True, answer: str = "accept") -> None:
        self.rng = random.Random(seed)
        self.hint, self.honest, self.answer = hint, honest, answer
        self.moves = 0

    def act(self, t: GameTable) -> None:
        game = t.game
        if t.paused:
            if self.rng.random() < 0.3:
                t.step_button.click()
            t.continue_button.click()
            return
        if t.table.waiting:  # with 3-4 players the computers' moves come at a press of Next move
            assert t.wait_row.layout.display is None
            t.next_move_button.click()
            return
        self.moves += 1
        if game.phase == "discard":
            if self.hint:
                t.hint_button.click()
            else:
                for button in self.rng.sample(t.picker.buttons, game.rules.discards):
                    button.value = True
            assert not t.lay_button.disabled
            t.lay_button.click()
        elif game.phase == "play":
            enabled = [b for b in t.picker.buttons if not b.disabled]
            assert enabled, "the learner was made to press Go: the table says a forced go itself"
            self.rng.choice(enabled).click()
            if t.table.warning is not None:
                t.lay_button.click()
        elif game.phase == "announce":
            c = game.counting
            true = hand_total(c.cards, c.starter, c.is_crib)
            assert t.announce_input.value == "", "the points box starts empty for each count"
            t.announce_input.value = str(true if self.honest else max(0, true + self.rng.choice((-2, 2))))
            t.announce_button.click()
        elif game.phase == "answer":
            if self.answer == "muggins" and not t.muggins_button.disabled:
                t.muggins_input.value = "1"
                t.muggins_button.click()
            elif self.answer == "overcount" and not t.overcount_button.disabled:
                t.overcount_button.click()
            else:
                t.accept_button.click()


def play_out(t: GameTable, learner: Learner, limit: int = 4000) -> None:
    for _ in range(limit):
        if t.game.is_over:
            return
        before = (len(t.game.moves), t.paused)
        learner.act(t)
        assert (len(t.game.moves), t.paused) != before, f"a click changed nothing: {t.status_text}"
    raise AssertionError("the game did not end")


def test_first_view_shows_board_hand_and_what_to_do():
    t = GameTable(seed=5)
    assert t.game.phase == "discard" and t.game.whose_turn == 0
    assert "<svg" in t.board.value and "No points pegged yet" in t.board.value
    assert [b.tooltip for b in t.picker.buttons] == [c.name for c in t.game.hands[0]]
    assert t.status_text.startswith(f"{t.table.prompt[:-1]} (0 chosen)")
    assert STATIC_NOTE_GAME in t.status.value
    assert "deal: choose 2 cards for" in t.status.value
    assert t.recent_view.value == ""  # the computer's face-down throw is no "Just now" news
    assert "Computer" in t.seats_view.value and "starter" in t.table_view.value
    assert t.lay_button.disabled and t.lay_button.layout.display is None


# every variant is played through the headless Table in tests/test_table.py; here a few whole games
# check the wiring of each control (Next move with 3-4 players, the Muggins boxes, the show)
CONFIGS = [
    dict(players=2),
    dict(players=3, muggins=True),
    dict(players=4, partners=True, ten_back=True),
    dict(players=2, muggins=True, lowball=True),
]


@pytest.mark.parametrize("options", CONFIGS, ids=lambda o: "-".join(f"{k}={v}" for k, v in o.items()))
def test_a_whole_game_through_the_table(options):
    seed = 11 + len(options) * 7 + options["players"]
    t = GameTable(seed=seed, strength="beginner", target=61, **options)
    learner = Learner(seed, hint=options["players"] == 2, honest=seed % 2 == 0,
                      answer=("muggins", "overcount", "accept")[seed % 3])
    play_out(t, learner)
    game = t.game
    assert learner.moves > 5
    # the result as the table says it: the side that reached the target stands in the game hole
    assert final_result(game).text in t.result_view.value and "Game over" in t.status.value
    assert t.board.scores == tuple(min(s, 61) for s in game.scores) and t.board.target == 61
    assert not t.over_row.layout.display  # New game and Score race are offered
    if options.get("lowball"):
        assert game.result.winner != game.result.reached
    # the game the table played is a legal game: it replays to the same end
    replay = Game.from_json(game.to_json())
    assert replay.scores == game.scores and replay.result.text == game.result.text


def test_a_long_game_against_the_expert():
    t = GameTable(seed=3, strength="expert", target=121)
    play_out(t, Learner(3, hint=True))
    assert max(t.game.scores) >= 121 or t.game.result is not None


def test_show_me_selects_the_best_throw_and_explains_it():
    t = GameTable(seed=2)
    t.hint_button.click()
    best = t.advice.discard[0]
    assert set(t.picker.selected) == set(best.discard)
    assert best.explanation and best.explanation[:30] in t.advice_view.value.replace("&#x27;", "'")
    assert "Show me raised" in t.status.value and "press Lay in the crib" in t.status.value
    t.lay_button.click()
    assert t.game.phase == "play" and set(best.discard) <= set(t.game.crib)


def test_the_play_offers_only_legal_cards_and_explains_points():
    t = GameTable(seed=4, strength="beginner")
    learner = Learner(4)
    while not (t.game.phase == "play" and t.game.count > 21 and not t.paused):
        learner.act(t)
    enabled = {t.picker.cards[i] for i, b in enumerate(t.picker.buttons) if not b.disabled}
    assert all(c.value + t.game.count <= 31 for c in enabled)
    assert all(c.value + t.game.count > 31 for c in set(t.game.hands[0]) - enabled)
    assert f"count is {t.game.count}" in t.status.value or "press Go" in t.status.value


def test_a_finished_deal_pauses_on_the_show_counted_aloud():
    t = GameTable(seed=6, strength="beginner")
    learner = Learner(6)
    while not t.paused:
        learner.act(t)
    assert t.picker.layout.display == "none" and t.seats_view.layout.display == "none"
    assert "The show" in t.show_view.value and "points" in t.show_view.value
    assert "Next deal" in t.status.value
    t.step_button.click()
    assert "crib-lit" in t.show_view.value and "running total" in t.status.value
    t.continue_button.click()
    assert not t.paused and t.game.phase == "discard" and t.picker.layout.display is None


def test_save_and_restore_from_text_and_file(tmp_path):
    t = GameTable(seed=8, strength="intermediate", muggins=True)
    learner = Learner(8)
    for _ in range(15):
        learner.act(t)
    t.save_button.click()
    saved = t.save_box.value
    other = GameTable(seed=99)
    other.save_box.value = saved
    other.restore_button.click()
    assert "Restored" in other.status.value
    assert other.game.to_json() == t.game.to_json() and other.strength == "intermediate"
    # both tables go on identically
    a, b = Learner(1), Learner(1)
    for _ in range(10):
        a.act(t)
        b.act(other)
    assert other.game.to_json() == t.game.to_json()
    t.file_input.value = str(tmp_path / "game.json")
    t.save_file_button.click()
    fresh = GameTable(seed=1)
    fresh.file_input.value = str(tmp_path / "game.json")
    fresh.load_file_button.click()
    assert fresh.game.to_json() == t.game.to_json()


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("not json at all", "not JSON text"),
        (json.dumps({"format": "crib_widgets.GameTable", "strength": "godlike", "game": {}}), "strength"),
        (json.dumps({"moves": "garbage"}), "Could not restore"),
    ],
)
def test_a_bad_save_says_so_and_keeps_the_current_game(text, message):
    t = GameTable(seed=8)
    before = t.game.to_json()
    t.save_box.value = text
    t.restore_button.click()
    assert message in t.status.value and "current game goes on" in t.status.value
    assert t.game.to_json() == before


def test_a_missing_file_says_so(tmp_path):
    t = GameTable(seed=8)
    before = t.game.to_json()
    t.file_input.value = str(tmp_path / "nope.json")
    t.load_file_button.click()
    assert "Could not restore" in t.status.value and t.game.to_json() == before


def test_options_start_a_new_game_and_bad_combinations_are_refused():
    t = GameTable(seed=1)
    t.options["players"].value = 3
    t.options["muggins"].value = True
    t.options["name"].value = "Ann"
    t.new_game_button.click()
    assert t.game.rules.players == 3 and t.game.rules.muggins and t.game.names[0] == "Ann"
    before = t.game.to_json()
    t.options["partners"].value = True  # partners need 4 players
    t.new_game_button.click()
    assert "partners need 4 players" in t.status.value and t.game.to_json() == before
    t.options["partners"].value = False
    t.options["name"].value = "  "
    t.new_game_button.click()
    assert "name cannot be empty" in t.status.value and t.game.to_json() == before


def test_lowball_with_muggins_tells_that_muggins_is_dropped():
    t = GameTable(seed=1, lowball=True, muggins=True)
    assert not t.game.rules.muggins and "Muggins cannot be combined with Lowball" in t.rules_view.value


def test_four_colour_deck_switch():
    t = GameTable(seed=1)
    t.options["four_colour"].value = True
    assert any("crib-green" in b._dom_classes or "crib-blue" in b._dom_classes for b in t.picker.buttons)


def test_after_the_game_the_score_race_and_points_by_phase():
    t = GameTable(seed=12, strength="beginner", ten_back=True)
    play_out(t, Learner(12))
    table = points_by_phase(t.game)
    assert [sum(row.values()) for row in table] == list(t.game.scores)
    assert set(table[0]) == set(PHASE_NAMES)
    xs, per_side, deals = score_race(t.game)
    assert [s[-1] for s in per_side] == list(t.game.scores) and all(len(s) == len(xs) for s in per_side)
    assert deals and deals[0] == 0
    t.plot_button.click()
    assert t.figure_view.value.count("<svg") == 2 and t.game.result.text in t.figure_view.value


def test_bad_constructor_options_are_refused():
    from crib_widgets.errors import CribbageError

    with pytest.raises(CribbageError, match="strength 'godlike' is not known"):
        GameTable(strength="godlike")
    with pytest.raises(CribbageError, match="players=5"):
        GameTable(players=5)


def until(t: GameTable, learner: Learner, done, limit: int = 3000) -> None:
    for _ in range(limit):
        if done():
            return
        learner.act(t)
    raise AssertionError("the state was never reached")


def test_a_name_that_a_computer_seat_has_is_refused():
    from crib_widgets.errors import CribbageError

    with pytest.raises(CribbageError, match="'Computer' is already a computer seat's name"):
        GameTable(name="Computer")
    t = GameTable(seed=1)
    before = t.game.to_json()
    t.options["players"].value = 3
    t.options["name"].value = "left"
    t.new_game_button.click()
    assert "already a computer seat's name" in t.status_text and t.game.to_json() == before


def test_save_to_file_with_a_blank_name_writes_nothing(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    t = GameTable(seed=1)
    for blank in ("", "   "):
        t.file_input.value = blank
        t.save_file_button.click()
        assert "Type a file name first" in t.status.value and "nothing was saved" in t.status.value
    t.file_input.value = str(tmp_path)
    t.save_file_button.click()
    assert "is a folder" in t.status.value
    t.file_input.value = ""
    t.load_file_button.click()
    assert "current game goes on" in t.status.value
    assert list(tmp_path.iterdir()) == []


def test_the_crib_is_yours_or_the_dealers():
    t = GameTable(seed=3, dealer=0)
    assert "the crib is yours" in t.hand_label.value and "into your crib" in t.status.value.replace(
        "for your crib", "into your crib")
    t = GameTable(seed=3, dealer=1)
    assert "the crib is Computer&#x27;s" in t.hand_label.value


def test_while_the_show_is_up_the_header_and_log_describe_that_deal():
    t = GameTable(seed=6, strength="beginner")
    until(t, Learner(6), lambda: t.paused)
    assert t.game.deal_number == 2
    assert "deal 1</div>" in t.rules_view.value and "The show of deal 1" in t.show_view.value
    new_cards = " ".join(c.pretty for c in t.game.hands[0])
    assert "Deal 2" not in t.log_view.value and new_cards not in t.log_view.value
    deal_2 = [e.text for e in t.game.events[t.table.show.end:]]
    assert not any(text in t.log_view.value for text in deal_2 if "deal" in text.lower())
    assert "the lowest card and deal" in t.rules_view.value  # who cut: deal 1's news
    t.continue_button.click()
    assert "deal 2</div>" in t.rules_view.value
    assert "the lowest card" not in t.rules_view.value  # stale in deal 2


def test_the_variants_rules_stay_in_the_header_all_game():
    t = GameTable(seed=6, strength="beginner", lowball=True, muggins=True)
    assert "Muggins cannot be combined with Lowball" in t.rules_view.value
    until(t, Learner(6), lambda: t.paused)
    t.continue_button.click()
    assert "Muggins cannot be combined with Lowball" in t.rules_view.value


def test_muggins_prompts_name_the_crib_and_the_box_starts_empty():
    seen = set()
    for seed in range(1, 30):
        t = GameTable(seed=seed, strength="beginner", muggins=True, dealer=0)
        learner = Learner(seed)
        for _ in range(400):
            if t.game.is_over:
                break
            if t.game.phase == "announce" and not t.paused and not t.table.waiting:
                assert t.announce_input.value == ""
                what = "crib" if t.game.counting.is_crib else "hand"
                assert f"count your {what} with the starter" in t.status_text
                seen.add(what)
            if t.game.phase == "answer" and not t.paused and not t.table.waiting:
                n = t.game.counting.announced
                assert f"counts {n} point{'s' if n != 1 else ''}." in t.status_text
            learner.act(t)
        if seen == {"hand", "crib"}:
            return
    raise AssertionError(f"only saw {seen}")


def test_a_bad_number_in_the_points_box_is_refused():
    t = GameTable(seed=2, strength="beginner", muggins=True)
    until(t, Learner(2), lambda: t.game.phase == "announce" and not t.table.waiting and not t.paused)
    before = t.game.to_json()
    for text in ("", "many", "31", "-2"):
        t.announce_input.value = text
        t.announce_button.click()
        assert "0 to 29" in t.status.value and t.game.to_json() == before


def test_the_log_is_reachable_by_keyboard():
    t = GameTable(seed=1)
    assert 'tabindex="0"' in t.log_view.value and 'role="log"' in t.log_view.value


def test_the_level_menu_shows_measured_strength():
    t = GameTable(seed=1)
    from crib_widgets.table.levels import MEASURED, level_label, measured_strength

    labels = dict((v, k) for k, v in t.options["strength"].options)
    assert labels["expert"] == level_label("expert") and "Expert: beats the beginner " in labels["expert"]
    expert = level_label("expert", MEASURED)
    assert expert == "Expert: beats the beginner 99% and the intermediate 58% of games"
    assert all(m["games"] >= 100 for m in measured_strength()["matches"])  # never a run stopped early
    assert "seed" in t.options["strength"].tooltip
    assert t.options["strength"].value == "intermediate"


def test_hints_off_hide_show_me_and_warn_holds_a_costly_throw():
    t = GameTable(seed=2, hints="off")
    assert t.hint_button.layout.display == "none"
    t = GameTable(seed=2, hints="warn", warn_at=1)
    worst = t.table.advise().options[-1][0]
    for card in worst:
        t.picker.buttons[t.picker.cards.index(card)].value = True
    t.lay_button.click()
    assert t.game.phase == "discard" and "gives up" in t.status.value and "again" in t.status.value
    t.lay_button.click()
    assert t.game.phase == "play"
    t.options["hints"].value = "show"
    assert t.table.hint_level == "show"


def test_show_me_in_the_play_names_a_card():
    t = GameTable(seed=4, strength="beginner")
    until(t, Learner(4), lambda: t.game.phase == "play" and t.game.whose_turn == 0 and not t.table.waiting)
    t.hint_button.click()
    assert t.advice.phase == "play" and "Show me: lay the" in t.status.value


def test_with_three_players_the_computers_move_at_a_press_of_next():
    t = GameTable(seed=5, players=3, strength="beginner")
    until(t, Learner(5), lambda: t.table.waiting)
    assert t.wait_row.layout.display is None and "press Next move" in t.status.value
    laid = len([e for e in t.game.events if e.kind == "play"])
    t.next_move_button.click()
    assert len([e for e in t.game.events if e.kind == "play"]) - laid <= 1


def test_with_two_players_the_computer_moves_after_a_pause():
    import asyncio

    from crib_widgets.widgets import game_table

    async def scenario():
        t = GameTable(seed=11, strength="beginner", dealer=0)  # the computer leads the play
        for b in t.picker.buttons[:2]:
            b.value = True
        t.lay_button.click()
        assert t.table.waiting and "Computer is thinking" in t.status.value
        await asyncio.sleep(game_table.PAUSE_SECONDS + 0.5)
        assert not t.table.waiting and "Your turn" in t.status.value

    asyncio.run(scenario())


def test_the_pace_option_switches_to_next():
    t = GameTable(seed=11, strength="beginner", dealer=0, pace="next")
    for b in t.picker.buttons[:2]:
        b.value = True
    t.lay_button.click()
    assert t.table.waiting and t.wait_row.layout.display is None
    t.next_move_button.click()
    assert not t.table.waiting
    with pytest.raises(Exception, match="pace 'fast'"):
        GameTable(pace="fast")


def test_a_forced_go_is_said_with_a_visible_note():
    for seed in range(60):
        t = GameTable(seed=seed, players=3, strength="beginner", pace="next")
        learner = Learner(seed)
        for _ in range(300):
            if t.game.is_over or t.game.deal_number > 2:
                break
            if t.table.waiting and t.table.to_move == "you":
                assert "says go for you" in t.status.value
                t.next_move_button.click()
                assert "says go for you" in t.recent_view.value
                return
            learner.act(t)
    raise AssertionError("no forced go found")


def test_review_after_a_deal_and_after_the_game():
    t = GameTable(seed=6, strength="beginner")
    learner = Learner(6)
    until(t, learner, lambda: t.paused)
    assert t.review_button.layout.display is None
    t.review_button.click()
    assert "Review of deal 1" in t.review_view.value and "Verdict:" in t.review_view.value
    assert "Points lost per deal" in t.review_view.value
    t.continue_button.click()
    play_out(t, learner)
    t.review_button.click()
    html = t.review_view.value
    assert "Review of your game" in html and "Costliest" in html and "<svg" in html
    assert "The expert:" in html and "Why:" in html


def test_an_over_count_stops_in_the_game_hole():
    from crib_widgets.game import Announce

    for seed in range(1, 40):
        t = GameTable(seed=seed, strength="beginner", muggins=True, target=61)
        learner = Learner(seed)
        for _ in range(600):
            game = t.game
            if game.is_over:
                break
            if game.phase == "announce" and not t.paused and not t.table.waiting and game.scores[0] >= 40:
                t.table.move(Announce(0, 29))
                t.table.run()
                t.refresh()
                if t.game.scores[0] > 61:
                    assert t.board.scores[0] == 61 and max(t.board.pegs[0]) <= 61
                    return
            learner.act(t)
    raise AssertionError("no over-count past the target was found")


def test_a_review_draws_every_board_with_its_own_ids():
    import re

    from crib_widgets.table import Table
    from crib_widgets.widgets.review_view import review_html

    table = Table(seats=("beginner", "intermediate"), seed=3, names=("Ann", "Computer"))
    table.play_out()
    html = review_html(table.review(), table.game)
    ids = re.findall(r'id="([^"]+)"', html)
    assert ids and len(ids) == len(set(ids))  # a browser would not draw pegs pointing at a hidden twin
    assert html.count("The board then:") == 3 and "You:" in html and "The expert:" in html


def test_after_a_move_the_keyboard_stays_on_the_card_row(monkeypatch):
    import ipywidgets as widgets

    focused = []
    monkeypatch.setattr(widgets.Button, "focus", lambda self: focused.append(self), raising=False)
    t = GameTable(seed=4, strength="beginner")
    for b in t.picker.buttons[:2]:
        b.value = True
    t.lay_button.click()
    assert focused and focused[-1] in t.picker.buttons and not focused[-1].disabled
    before = len(focused)
    next(b for b in t.picker.buttons if not b.disabled).click()
    assert len(focused) > before and focused[-1] in t.picker.buttons
