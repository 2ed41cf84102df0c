"""``aseb play --tutorial`` and ``aseb play --tournament``: the story modes in the terminal.

The tutorial plays the board's lessons (``firmware.story.tutorial``) in the terminal's words: each
lesson's position, its throws arranged (Enter still throws), its moves asked for and checked.
The tournament is the terminal game against Neferkaptah, each finished game counted for Setna
(the player) or the mummy and kept in the state directory, with Setna drawn in the sand.

    TutorialGame(input, print, random.Random()).run()
"""

from __future__ import annotations

import random
from collections.abc import Callable

from engine.game import Game
from engine.mummy.chances import SolvedTable
from engine.mummy.scribe import scribe_move
from engine.record import GameRecord
from firmware.story.setna import MUMMY, narration, story
from firmware.story.tournament import Tournament, TournamentStore
from firmware.story.tutorial import PLAYER, TERMINAL, Progress, Teacher
from firmware.words import N_, _
from sim.terminal.game import (
    Adviser,
    Chooser,
    ModeChosen,
    Quit,
    Settings,
    TerminalGame,
    command_of,
)

NOT_NOW = ("new", "mummy", "switch")
"""Commands the tutorial sets aside: its lessons choose the sides and the positions."""

FIGURE = ("   O   ", "  /|\\  ", "   |   ", "  / \\  ", "  | |  ")
"""Setna, head to feet, in letters."""
SAND = "~~~~~~~"
TUTORIAL_OVER = N_("The tutorial is over.")


def sand_picture(tournament: Tournament) -> str:
    """Setna in the sand at ``tournament``'s stage, in letters (standing free once he has won)."""
    covered = 0 if tournament.won else tournament.stage
    rows = [*FIGURE[:len(FIGURE) - covered], *[SAND] * covered, SAND]
    if tournament.over and not tournament.won:
        rows.insert(0, "  * * * *   " + _("the amulets of Ptah"))
    return "\n".join("      " + row.rstrip() for row in rows)


class TutorialGame(TerminalGame):
    """The lessons in the terminal: the player has the Cones, the mummy the Reels; with the
    settings, the games go on after the last lesson (``mode tutorial``: six lessons, then play
    on)."""

    mode = "tutorial"

    def __init__(self, read: Callable[[str], str], write: Callable[[str], None],
                 rng: random.Random, *, settings: Settings | None = None) -> None:
        self.teacher = Teacher(TERMINAL)

        def guarded(prompt: str) -> str:
            while True:
                answer = read(prompt)
                if command_of(answer) not in NOT_NOW:
                    return answer
                write(_("Not during the tutorial: its lessons set the board. ('{quit}' leaves "
                        "it.)").format(quit=_("quit")))

        super().__init__(guarded, write, rng, mummy=PLAYER.other, throws=self.teacher.arranged,
                         settings=settings)
        self.show_chances = False  # the lessons teach the moves; 'chances shown' adds them
        self._before = ""

    def _start(self) -> None:
        """Each lesson from its own position (no demon-cast)."""
        self.game = Game.from_position(self.teacher.begin(self._before))
        self.write(f"\n{self.teacher.heading}\n{self.teacher.message}")

    def _step(self) -> None:
        before, seen, said = self.game.state, len(self.game.actions), self.teacher.message
        super()._step()
        if len(self.game.actions) == seen:
            return
        progress = self.teacher.heard(before, self.game.actions[-1])
        if progress is Progress.ON:
            if self.teacher.message != said:
                self.write(self.teacher.message)
        elif self.teacher.finished:
            self.write(self.teacher.message)
            if self.settings is not None:  # then play on: games from now on, and next time
                self.write(_(TUTORIAL_OVER))
                self.settings.command(self, "mode game")  # saved, and said
                raise ModeChosen("game")
            self.write(_("{over} {play} plays the mummy, and {tournament} is Setna's "
                         "tournament.").format(over=_(TUTORIAL_OVER), play="'aseb play'",
                                               tournament="'aseb play --tournament'"))
            raise Quit
        else:
            self._before = self.teacher.message
            self._start()


class TournamentGame(TerminalGame):
    """Setna's tournament in the terminal: games against the mummy, counted and kept."""

    mode = "tournament"

    def __init__(self, read: Callable[[str], str], write: Callable[[str], None],
                 rng: random.Random, *, store: TournamentStore | None,
                 chooser: Chooser = scribe_move, adviser: Adviser | None = None,
                 table: SolvedTable | None = None,
                 keep: Callable[[GameRecord], str] | None = None,
                 settings: Settings | None = None) -> None:
        super().__init__(read, write, rng, mummy=MUMMY, finished=self._finished,
                         chooser=chooser, adviser=adviser, table=table, settings=settings)
        self.store = store
        loaded = store.load() if store is not None else None
        self.tournament = loaded if loaded is not None else Tournament()
        self.keep = keep
        self._counted: Game | None = None

    def run(self) -> int:
        picture = [] if self.words_only else [sand_picture(self.tournament)]  # plain: words
        self.write("\n".join([_("Setna's tournament."), story(), *picture,
                              self.tournament.telling()]))
        return super().run()

    def _finished(self, record: GameRecord) -> str:
        """Count the game just won (once), keep it, and tell what it did to Setna."""
        if self._counted is self.game:
            return self.tournament.telling()
        self._counted = self.game
        lines = [self.keep(record)] if self.keep is not None else []
        if self.mummy is None:
            who = _("The mummy played both sides: that game does not count.") if self.mummies \
                else _("Nobody played the mummy: that game does not count.")
            return "\n".join([*lines, who])
        before = self.tournament
        after = before.after(won=record.final_state().winner is not self.mummy)
        lines += [narration(before, after), *([] if self.words_only else [sand_picture(after)]),
                  after.telling()]
        self.tournament = after
        if after.over:  # the story is told: the next game begins a new tournament
            self.tournament = Tournament()
            lines.append(_("The next game begins a new tournament."))
        if self.store is not None:
            self.store.save(self.tournament)
        return "\n".join(lines)
