"""Live pages load neither numpy nor matplotlib: every widget, used as a learner would, and the
post-game charts work in a Python where importing either fails (as under Pyodide without them)."""

from __future__ import annotations

import subprocess
import sys
import textwrap

SCRIPT = textwrap.dedent(
    """
    import importlib.abc, random, sys

    BLOCKED = ("numpy", "matplotlib", "pandas", "PIL")

    class Block(importlib.abc.MetaPathFinder):
        def find_spec(self, name, path=None, target=None):
            if name.split(".")[0] in BLOCKED:
                raise ImportError(f"{name} is blocked: live widgets must not need it")
            return None

    sys.meta_path.insert(0, Block())

    from crib_widgets.game import Game
    from crib_widgets.widgets import (BoardView, CardPicker, CountingTrainer, DiscardTrainerView, GameTable,
                                      MugginsQuiz, PeggingDrill)
    from crib_widgets.widgets.post_game import points_by_phase, race_chart_html
    from crib_widgets.charts import Series, bar_chart, line_chart

    t = CountingTrainer(seed=1)
    t.check_button.click(); t.count_button.click(); t.next_button.click()
    t.level_picker.value = "pairs_runs"
    d = PeggingDrill(seed=1)
    for _ in range(len(d.queue)):  # every question, the look-ahead ("safest") ones included
        d.reveal_button.click(); d.next_button.click()
    q = MugginsQuiz(seed=1)
    q.accept_button.click(); q.next_button.click(); q.muggins_button.click()
    v = DiscardTrainerView(seed=1)
    v.reveal_button.click(); v.next_button.click(); v.level_picker.value = "score"; v.reveal_button.click()
    BoardView(61, ("Ann", "Bob"), ((5, 2), (3, 0))).update(((9, 5), (3, 0)), "Ann pegs 4")
    CardPicker("5H 5D JC 10S", max_selected=2).buttons[0].value = True
    g = GameTable(seed=1)
    g.picker.buttons[0].value = True
    game, rng = Game(seed=3, dealer=0), random.Random(3)
    while not game.is_over:
        game.apply(rng.choice(game.legal_moves()))
    assert race_chart_html(game).count("<svg") == 2
    from crib_widgets.table.ending import final_result  # the side that wins stops in the game hole
    assert sum(points_by_phase(game)[0].values()) == final_result(game).scores[0]
    line_chart([0, 1], [Series("a", (0, 1))], title="t"); bar_chart(["x"], [Series("a", (1,))], title="t")
    loaded = sorted(m for m in sys.modules if m.split(".")[0] in BLOCKED)
    assert not loaded, loaded
    print("ok")
    """
)


def test_every_widget_works_with_numpy_and_matplotlib_blocked():
    run = subprocess.run([sys.executable, "-c", SCRIPT], capture_output=True, text=True, timeout=300)
    assert run.returncode == 0 and run.stdout.strip().endswith("ok"), run.stderr[-3000:]
