"""The review of a game: every decision a player made, against the best one, with what it cost.

`review_game` replays a finished (or unfinished) `Game` and weighs each decision of one seat
(a throw, a card laid in the play, and with Muggins a count or an answer to one) the way the
expert would choose. The package, one job a module:

- `model`: the data (`Position`, `Option`, `Decision`, `Review`; `NOTICE`: what a mistake costs);
- `replay`: the game started again and each decision weighed (`review_game`, `review_deal`,
  `review_save`; `discard_options` and `card_values`, the values the table's advice shows);
- `reasons` (a card in the play, and how the game ended) and `throw_reasons` (a throw): the
  review's sentences, saying what the better choice does that the chosen one does not, found by
  comparing the two lines of play (`strategy.lines`) or the hand, crib and play of the two keeps;
  never restating the cost;
- `counting`: the Muggins decisions.

How many hidden hands the look-ahead averages over, and what that was measured to cost: see
bench/review_samples.py (and bench/review.py for the review's speed).

>>> from crib_widgets.game import Game
>>> from crib_widgets.strategy import make_player
>>> from crib_widgets.strategy.matches import play_game
>>> game = play_game(Game(seed=5, dealer=0), [make_player("beginner", 1), make_player("expert", 2)])
>>> review = review_game(game, seat=0)
>>> review.costliest(1)[0].cost >= review.costliest(2)[1].cost
True
>>> sorted(review.totals())
['count', 'discard', 'play']
"""

from .model import NOTICE, PHASES, Decision, Option, Position, Review, ReviewPhase
from .replay import (
    DISCARD_SAMPLES,
    DISCARD_SHORTLIST,
    card_values,
    discard_options,
    review_deal,
    review_game,
    review_save,
)

__all__ = ["ReviewPhase", "PHASES", "NOTICE", "Position", "Option", "Decision", "Review", "review_game",
           "review_deal", "review_save", "discard_options", "card_values", "DISCARD_SAMPLES",
           "DISCARD_SHORTLIST"]
