"""The counting voice: counts and the play's calls said aloud, on static pages and live ones.

A bank of short phrases ("fifteen two", "a double run of three is", "twenty-four", ...) was
recorded once with an offline voice (`make_bank`) and ships in ``data/``. `say` lays out a count's
phrases as one clip with the time each step is said; `Clip.wav_bytes` builds the sound with the
standard library; `count_player` is the HTML block a widget shows beside a count, which the
site's script plays with the cards lighting step by step.

>>> from crib_widgets.scoring import score_hand
>>> clip = say([s.words for s in score_hand("7H 8C 7D 3S", "KS").steps()])
>>> [s.phrase for s in clip.segments]
['fifteen two', 'fifteen four', 'and', 'a pair is', 'six']
"""

from .clip import Bank, Clip, Segment, bank, say
from .phrases import PHRASES, VoiceError, split_phrases
from .player import call_player, count_player, player_html

__all__ = ["Bank", "Clip", "Segment", "bank", "say", "PHRASES", "VoiceError", "split_phrases",
           "call_player", "count_player", "player_html"]
