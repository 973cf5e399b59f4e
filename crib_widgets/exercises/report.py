"""A class report's data: every student's answers scored again by the engine and gathered by student,
by question, by skill and by mistake, so a teacher sees who needs help with what.

The report's page, charts and files are `report_html` (`report_files`), its tables `report_csv`, its
mistakes in words `report_mistakes`. Where a student attached their progress from the book to their
results file, the report keeps it as theirs (a `lessons.store.Store`, shown in words, not checked).

>>> from crib_widgets.exercises.assign import Assignment
>>> a = Assignment("counting", "easy", 2, 7, ("Ann", "Ben"), secret="22" * 16)
>>> sets = {n: a.student_set(n) for n in a.students}
>>> right = [str(e.solution().answer) for e in sets["Ann"]]
>>> r = class_report(a, {"Ann": right, "Ben": ["0", None]})
>>> [(row.student, row.right) for row in r.students]
[('Ann', 2), ('Ben', 0)]
>>> r.needing_help()
[('Ben', ['fifteens (0 of 1)'])]
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass, field, replace

from ..skills import SKILLS
from ..words import join_words, plural
from .assign import Assignment
from .collect import SET_ASIDE, Collected
from .grading import Report, grade
from .model import ExerciseSet
from .report_mistakes import mistakes_of
from .roster import name_list
from .sheet import answer_kinds
from .skills import skills_tested, undecided

__all__ = ["StudentRow", "QuestionRow", "ClassReport", "class_report", "collected_report", "PRACTISED"]

# How the report marks a student's attached progress: their own record, never checked by grading.
PRACTISED = "practised in the book, attached by the student, not checked"

@dataclass(frozen=True, slots=True)
class StudentRow:
    """One student's line: the grade of each answer, and misses per kind of points."""

    student: str
    report: Report
    misses: dict[str, int]
    skills: dict[str, tuple[int, int]] = field(default_factory=dict)  # skill -> (passed, tested)
    focuses: tuple[str, ...] = ()  # what each question trained, in order
    undecided: tuple[str, ...] = ()  # wrong totals counted against no skill, and why ("question 3 ...")

    @property
    def right(self) -> int:
        return self.report.right

    def weak(self) -> list[str]:
        """The skills this student got right less than half the time, worst first, with the counts."""
        low = [(r / n, skill, r, n) for skill, (r, n) in self.skills.items() if n and r / n < 0.5]
        order = {skill: i for i, skill in enumerate(SKILLS)}
        low.sort(key=lambda t: (t[0], order.get(t[1], 99)))
        return [f"{skill} ({r} of {n})" for _, skill, r, n in low]

    def count(self, status: str) -> int:
        return self.report.count(status)


@dataclass(frozen=True, slots=True)
class QuestionRow:
    """One question across the class: what it trains, and how many answered it wrong or not at all."""

    number: int
    focus: str
    wrong: int
    unreadable: int
    unanswered: int
    kind_misses: dict[str, int]


@dataclass(frozen=True)
class ClassReport:
    """Everything `crib grade` writes: rows, mistakes in words, charts, and who is missing."""

    assignment: Assignment
    students: tuple[StudentRow, ...]
    questions: tuple[QuestionRow, ...]
    mistakes: tuple[tuple[str, int], ...]
    missing: tuple[str, ...]
    refused: tuple[str, ...] = field(default=())
    mistake_students: dict[str, tuple[str, ...]] = field(default_factory=dict)
    notes: tuple[str, ...] = field(default=())
    progress: dict[str, object] = field(default_factory=dict)  # student -> the Store they attached
    sources: dict[str, str] = field(default_factory=dict)  # student -> the file (or code) graded

    def mistake_lines(self) -> list[str]:
        """The most common mistakes as sentences naming who made them, e.g.
        ``fifteens too few: 3 answers, by Ann and Ben``."""
        return [f"{text}: {plural(n, 'answer')}, by {join_words(self.mistake_students.get(text, ()))}"
                for text, n in self.mistakes]

    @property
    def skills(self) -> tuple[str, ...]:
        """The skills this set tested, in the grid's order."""
        seen = {skill for row in self.students for skill in row.skills}
        return tuple(s for s in SKILLS if s in seen) + tuple(sorted(seen - set(SKILLS)))

    def by_need(self) -> list[StudentRow]:
        """The students who need help most first: fewest right, then most weak skills, then by name."""
        return sorted(self.students, key=lambda r: (r.right / max(1, len(r.report.grades)), -len(r.weak()),
                                                    r.student.casefold()))

    def needing_help(self) -> list[tuple[str, list[str]]]:
        """Each student with a skill under half right, worst first, and those skills."""
        return [(row.student, row.weak()) for row in self.by_need() if row.weak()]

    @property
    def kinds(self) -> tuple[str, ...]:
        return tuple(answer_kinds(self.assignment.student_set(self.assignment.students[0])))

    def summary(self) -> str:
        """One line: how many graded, the class's average, how many files were set aside, who is missing."""
        n = len(self.students)
        if not n:
            return f"No results graded for set {self.assignment.code}."
        average = sum(r.right for r in self.students) / n
        text = (f"{plural(n, 'student')} graded on set {self.assignment.code}: on average "
                f"{average:.1f} of {self.assignment.hands} right")
        aside = sum(f": {SET_ASIDE}:" in note for note in self.notes)
        if aside:  # said at the top: the notes would otherwise sit below a long list of names
            text += f"; {plural(aside, 'file')} set aside (see \u201cNotes\u201d)"
        if self.missing:
            text += f"; no results yet from {name_list(self.missing)}"
        return text + "."

def _focus_of(sets: Sequence[ExerciseSet], number: int) -> str:
    """What question ``number`` trains across the class; a Muggins set draws each student's questions in
    its own order, so there the question's focuses are listed with how many students had each."""
    found = Counter(exercise_set[number].focus for exercise_set in sets)
    if len(found) == 1:
        return next(iter(found))
    return "; ".join(f"{focus} ({n})" for focus, n in found.most_common())


def class_report(
    assignment: Assignment, answers: Mapping[str, Sequence[str | None]], refused: Sequence[str] = (),
    notes: Sequence[str] = (), progress: Mapping[str, object] | None = None,
    before_accents: Collection[str] = (),
) -> ClassReport:
    """Grade every student's answers (name on the class list -> answers in question order);
    ``progress``: the progress some students attached (name -> `lessons.store.Store`), shown as theirs;
    ``before_accents``: the students whose answers came from a link or student code given out before
    names were read without their accents, graded on the cards it dealt them (`Submission.before_accents`)."""
    sets: dict[str, ExerciseSet] = {}
    rows: list[StudentRow] = []
    mistakes: Counter[str] = Counter()
    who: dict[str, list[str]] = {}
    per_question: list[dict] = [{"wrong": 0, "unreadable": 0, "unanswered": 0, "kinds": Counter()}
                                for _ in range(assignment.hands)]
    for name in assignment.students:
        if name not in answers:
            continue
        sets[name] = exercise_set = assignment.student_set(name, name in before_accents)
        report = grade(exercise_set, list(answers[name]))
        misses: Counter[str] = Counter()
        skills: dict[str, list[int]] = {}
        unsure: list[str] = []
        for exercise, g in zip(exercise_set, report.grades, strict=True):
            why = undecided(exercise, g)
            if why:
                unsure.append(f"question {exercise.number} ({exercise.focus}): {why}")
            slot = per_question[exercise.number - 1]
            if g.status in slot:
                slot[g.status] += 1
            for skill, passed in skills_tested(exercise, g):
                tally = skills.setdefault(skill, [0, 0])
                tally[0] += passed
                tally[1] += 1
            for text, kind in mistakes_of(exercise, g):
                mistakes[text] += 1
                if name not in who.setdefault(text, []):
                    who[text].append(name)
                if kind:
                    misses[kind] += 1
                    slot["kinds"][kind] += 1
        rows.append(StudentRow(name, report, dict(misses), {k: (v[0], v[1]) for k, v in skills.items()},
                               tuple(e.focus for e in exercise_set), tuple(unsure)))
    graded = list(sets.values()) or [assignment.student_set(assignment.students[0])]
    questions = tuple(
        QuestionRow(number, _focus_of(graded, number), s["wrong"], s["unreadable"], s["unanswered"],
                    dict(s["kinds"]))
        for number, s in enumerate(per_question, start=1)
    )
    missing = tuple(n for n in assignment.students if n not in answers)
    return ClassReport(assignment, tuple(rows), questions, tuple(mistakes.most_common(8)), missing,
                       tuple(refused), {text: tuple(names) for text, names in who.items()}, tuple(notes),
                       {n: p for n, p in (progress or {}).items() if n in answers})


def collected_report(assignment: Assignment, got: Collected) -> ClassReport:
    """The report of what was collected (`crib_widgets.exercises.collect`): every student taken graded,
    with the lines for inputs refused and the notes, as `crib grade` and the teachers' page make it."""
    answers = {name: s.answers for name, s in got.taken.items()}
    attached = {name: s.progress for name, s in got.taken.items() if s.progress is not None}
    older = {name for name, s in got.taken.items() if s.before_accents}
    made = class_report(assignment, answers, got.refused, got.notes, attached, older)
    return replace(made, sources={name: s.source for name, s in got.taken.items()})
