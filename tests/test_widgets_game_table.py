"""GameTable driven headlessly: whole games with scripted learner choices against computer players,
for 2, 3 and 4 players and every variant; saving and restoring; options; the show; the figure."""

from __future__ import annotations

import json
import random

import pytest

from crib_widgets.game import Game
from crib_widgets.scoring import hand_total
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
            assert bool(enabled) == t.go_button.disabled  # Go only when no card can be laid
            (self.rng.choice(enabled) if enabled else t.go_button).click()
        elif game.phase == "announce":
            c = game.counting
            true = hand_total(c.cards, c.starter, c.is_crib)
            t.announce_input.value = true if self.honest else max(0, true + self.rng.choice((-2, 2)))
            t.announce_button.click()
        elif game.phase == "answer":
            if self.answer == "muggins" and not t.muggins_button.disabled:
                t.muggins_input.value = 1
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
    assert "Choose 2 cards" in t.status.value and STATIC_NOTE_GAME in t.status.value
    assert "Computer" in t.seats_view.value and "starter" in t.table_view.value
    assert t.lay_button.disabled and t.lay_button.layout.display is None


CONFIGS = [
    dict(players=2),
    dict(players=3),
    dict(players=4),
    dict(players=4, partners=True),
    dict(players=2, muggins=True),
    dict(players=3, muggins=True),
    dict(players=4, partners=True, muggins=True),
    dict(players=2, ten_back=True),
    dict(players=3, ten_back=True),
    dict(players=2, lowball=True),
    dict(players=4, lowball=True),
    dict(players=2, exact_finish=True),
    dict(players=4, partners=True, exact_finish=True),
    dict(players=2, muggins=True, ten_back=True),
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
    assert game.result.text in t.result_view.value and "Game over" in t.status.value
    assert t.board.scores == game.scores and t.board.target == 61
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
    best = t.advice[0]
    assert set(t.picker.selected) == set(best.discard)
    assert best.explanation and best.explanation[:30] in t.advice_view.value.replace("&#x27;", "'")
    assert "Press Lay in the crib" in t.status.value
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
    assert t.figure_view.value.startswith('<img src="data:image/png;base64,')
    assert t.game.result.text in t.figure_view.value


def test_bad_constructor_options_are_refused():
    from crib_widgets.errors import CribbageError

    with pytest.raises(CribbageError, match="strength 'godlike' is not known"):
        GameTable(strength="godlike")
    with pytest.raises(CribbageError, match="players=5"):
        GameTable(players=5)
