"""The queue of positions the discard trainer and the board practice share (lessons/position_queue.py):
a round asks every position of the group once, the same order for the same seed, a new round after
the last; a group with no position is refused and the queue asked before stays."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from crib_widgets.errors import CribbageError
from crib_widgets.lessons.board_play import BoardPlay
from crib_widgets.lessons.discard_trainer import DiscardTrainer
from crib_widgets.lessons.position_queue import ANSWERED, PositionQueue, toggled


class Numbers(PositionQueue[int]):
    def _ask(self) -> None:
        self.done, self.question = False, self.position


@given(st.lists(st.integers(), min_size=1, max_size=12, unique=True), st.integers(0, 10**6),
       st.booleans())
def test_a_round_asks_each_position_once_in_the_order_the_seed_gives(pool, seed, shuffle):
    q = Numbers(tuple(pool), shuffle=shuffle, seed=seed)
    q.fill(list(pool), "none")
    seen = [q.question]
    for _ in range(len(pool) - 1):
        q.next()
        seen.append(q.question)
    assert sorted(seen) == sorted(pool) and (shuffle or seen == pool)
    again = Numbers(tuple(pool), shuffle=shuffle, seed=seed)
    again.fill(list(pool), "none")
    assert again.question == seen[0]
    q.next()  # a new round after the last
    assert q.index == 0 and q.where == f"1 of {len(pool)}"


def test_an_empty_group_is_refused_and_the_queue_asked_before_stays():
    q = Numbers((1, 2), shuffle=False, seed=0)
    q.fill([1, 2], "none")
    q.next()
    with pytest.raises(CribbageError, match="no number here"):
        q.fill([], "no number here")
    assert (q.queue, q.index, q.question) == ([1, 2], 1, 2)


def test_an_answered_position_is_not_answered_again():
    q = Numbers((1,), shuffle=False, seed=0)
    q.fill([1], "none")
    q.done = True
    with pytest.raises(CribbageError, match=ANSWERED):
        q._open()


@given(st.lists(st.sampled_from("ABCDEF"), max_size=8))
def test_tapping_cards_keeps_at_most_two_each_once(taps):
    chosen: tuple[str, ...] = ()
    for card in taps:
        was = chosen
        chosen = toggled(chosen, card)
        assert len(chosen) <= 2 and len(set(chosen)) == len(chosen)
        assert (card in chosen) != (card in was)


def test_both_trainers_stand_on_the_queue_and_refuse_the_same_way():
    for trainer in (DiscardTrainer(level="plain", shuffle=False), BoardPlay(kind="seat", shuffle=False)):
        assert isinstance(trainer, PositionQueue)
        assert trainer.position is trainer.question.position
        trainer.reveal()
        with pytest.raises(CribbageError, match=ANSWERED):
            trainer.check()
        assert trainer.tally == (0, 1)
