"""The widgets put a "Count aloud" player beside their counts; the trainer's words can be plain."""

from __future__ import annotations

import json
import re
from html import unescape

import pytest

from crib_widgets.errors import CribbageError
from crib_widgets.scoring import score_hand
from crib_widgets.widgets import CountingTrainer, MugginsQuiz


def _voice(html: str) -> dict:
    return json.loads(unescape(re.search(r'class="crib-voice" hidden data-voice="([^"]*)"', html)[1]))


def test_the_counting_trainer_shows_the_count_aloud_player_for_its_hand():
    t = CountingTrainer("4H 5C 6D JS", starter="5S")
    data = _voice(t.voice_view.value)
    assert data["words"] == [s.words for s in score_hand("4H 5C 6D JS", "5S").steps()]
    assert data["totals"][-1] == 17 and "Count aloud" in t.voice_view.value
    assert all(f'data-card="{c}"' in t.hand_view.value for c in ("4H", "5C", "6D", "JS", "5S"))
    t.next_button.click()
    assert _voice(t.voice_view.value)["totals"][-1:] == [t.score.total] or t.score.total == 0


def test_the_trainer_can_count_in_plain_words_for_beginners():
    t = CountingTrainer("4H 5C 6D JS", starter="5S", phrasing="plain")
    t.count_button.click()
    t.count_button.click()
    t.count_button.click()
    t.count_button.click()
    t.count_button.click()
    assert t.step_text == "a pair is ten"
    # one running count: while the count steps, the voice says the step on show, with its total
    assert _voice(t.voice_view.value)["words"] == ["a pair is ten"]
    assert _voice(t.voice_view.value)["totals"] == [10] and "Say this step" in t.voice_view.value
    t.count_button.click()
    assert _voice(t.voice_view.value)["words"] == ["a run of three is thirteen"]
    t.next_button.click()  # a new hand: the voice is back to the whole count
    assert len(_voice(t.voice_view.value)["words"]) == len(t.score.steps("plain")) or t.score.total == 0
    t.show_hand("4H 5C 6D JS", "5S")
    assert "a second run of three is sixteen" in _voice(t.voice_view.value)["words"]
    t.words_picker.value = "players"
    assert t.step == -1 and "a double run of three is sixteen" in _voice(t.voice_view.value)["words"]
    t.count_button.click()
    assert t.step_text == "fifteen two"


def test_a_bad_phrasing_is_named_before_anything_is_built():
    with pytest.raises(CribbageError, match="phrasing 'loud' is not known: use one of players, plain"):
        CountingTrainer(phrasing="loud")


def test_the_muggins_quiz_lets_you_hear_the_computer_count_what_it_claims():
    q = MugginsQuiz(seed=3, error_rate=1.0)
    data = _voice(q.claim_view.value)
    assert data["totals"][-1] == q.announced and f"Hear {q.name} count" in q.claim_view.value
    fixed = MugginsQuiz(hands=[("5H 5D 5S JC", "5C", 28)])
    assert _voice(fixed.claim_view.value)["words"] == ["twenty-eight"]


def test_the_game_table_lets_you_hear_every_show_count():
    from test_widgets_game_table import Learner

    from crib_widgets.widgets import GameTable

    t = GameTable(seed=6, strength="beginner")
    learner = Learner(6)
    while not t.paused:
        learner.act(t)
    players = re.findall(r'class="crib-voice" hidden data-voice="([^"]*)"', t.show_view.value)
    shows = t.show_view.value.count('data-voice-scope')
    assert len(players) == shows >= 3  # pone's hand, dealer's hand, the crib
    said = [json.loads(unescape(p))["words"] for p in players]
    assert all(words for words in said) and "Hear the count" in t.show_view.value


def test_the_game_table_can_say_the_plays_calls_and_never_turns_them_on_by_itself():
    from test_widgets_game_table import Learner

    from crib_widgets.widgets import GameTable

    t = GameTable(seed=11, strength="beginner")
    learner = Learner(11)
    heard = []
    for _ in range(400):
        if t.game.phase == "over":
            break
        learner.act(t)
        found = re.findall(r'class="crib-voice" hidden data-auto="([^"]+)" data-nodim data-voice="([^"]*)"',
                           t.recent_view.value)
        heard += [json.loads(unescape(layout))["words"] for _, layout in found]
        assert 'class="crib-voice-calls" checked' not in t.recent_view.value  # off until the learner asks
    calls = {w for words in heard for w in words}
    assert heard and calls & {"fifteen for two", "go", "one for last card", "a pair for two",
                              "thirty-one for two"}
