"""The book's trainers and quizzes as headless models: what each asks, how it grades, what it says.

- `CountingLesson` (the counting trainer): a hand dealt to a level, counted per kind or in total.
- `PeggingLesson` (the pegging drill): what the card just laid scores, which card scores most,
  which card gives least away.
- `DiscardTrainer` (the discard trainer): six cards, a seat and a score; the throw ranked among
  the 15, what it gives up in hand, crib and play, and why.
- `MugginsLesson` (the Muggins quiz): the computer counts a hand aloud, sometimes wrongly; accept,
  call Muggins or object.

Each model deals to a level, asks, grades through the grader of the worksheets
(`crib_widgets.exercises.grading.check_answer`, where the question is one a worksheet can ask),
explains in the sentences the rest of the book uses (the scoring module's reasons and rules, the
count aloud, the review's words for the next player's answers, `game.muggins.settle`) and records
each answer. The widgets in `crib_widgets.widgets` only draw a model and forward clicks, as
`GameTable` draws `crib_widgets.table.Table`; tests drive every model without ipywidgets.

The learner's record. Every answer adds `AnswerRecord` values to the model's ``records`` list, one
per skill the answer tested: the skill (a `crib_widgets.skills.Skill`, the same names the teacher's
class report uses: "fifteens", "runs", "the crib's flush", "go and 31", "a right count", plus
`TRAINER_SKILLS`: "pegging choices", "Muggins calls", "discards"), right or wrong, the try
(1 for the first) and whether a hint or the answer had been shown before it (so first unaided
tries can be rated apart, as lichess's Learn does), and the hand or play position in card text
(enough to deal it again, for a deck of the learner's own mistakes). Records are frozen values
with `AnswerRecord.to_dict` / `from_dict` in plain JSON types: a later progress store (kept in the
browser) can read them as they are.

The learner's progress, headless too: `progress` rates each skill from the answers (first unaided
tries, 0-3 stars, what to practise next), `deck` brings wrong hands back on a Leitner schedule,
`daily` deals the day's hand and keeps the streak, and `store.Store` holds them as one JSON
document that the page keeps in the browser and the learner can export, import and clear. Nothing
here sends anything anywhere.
"""

from typing import TYPE_CHECKING

from .._lazy import lazy_package

#: The names each module of this package gives (each imported when first asked for).
MODULES = {
    "counting": ("LEVELS", "CountingLesson"),
    "discard_trainer": ("DiscardTrainer", "DiscardQuestion", "DiscardPosition"),
    "muggins": ("ANSWERS", "MugginsLesson"),
    "pegging": ("PeggingLesson",),
    "record": ("AnswerRecord",),
    "scenarios": ("SCENARIOS", "TOPICS", "Scenario"),
    "store": ("Store",),
}

__getattr__, __all__ = lazy_package(__name__, MODULES)

if TYPE_CHECKING:  # for type checkers and editors: the names, as if imported here
    from .counting import LEVELS as LEVELS
    from .counting import CountingLesson as CountingLesson
    from .discard_trainer import DiscardPosition as DiscardPosition
    from .discard_trainer import DiscardQuestion as DiscardQuestion
    from .discard_trainer import DiscardTrainer as DiscardTrainer
    from .muggins import ANSWERS as ANSWERS
    from .muggins import MugginsLesson as MugginsLesson
    from .pegging import PeggingLesson as PeggingLesson
    from .record import AnswerRecord as AnswerRecord
    from .scenarios import SCENARIOS as SCENARIOS
    from .scenarios import TOPICS as TOPICS
    from .scenarios import Scenario as Scenario
    from .store import Store as Store
