"""The settings as terminal commands, generated from their one description
(``firmware.menu.choices``): ``options`` lists them, and a setting's name with a choice sets it
(``level vizier``, ``opponent none``, ``game cyningstan``, ``chances shown``), typed in the
player's language (``niveau vizir``) or in English, kept in the terminal's settings file (the
command line's flags hold for their run only: ``kept`` is what the file keeps).

    settings = TerminalSettings(chosen, mummy_for=lambda level: Mummy(level).choose, save=file.save)
    TerminalGame(..., settings=settings)
"""

from __future__ import annotations

from collections.abc import Callable

from engine import games
from engine.game import Game
from engine.mummy import Level
from firmware.menu.choices import (
    Chosen,
    describe,
    described,
    folded,
    setting,
    settings,
    typed_setting,
)
from firmware.words import N_, _, say, use
from sim.terminal.game import Chooser, ModeChosen, TerminalGame

STARTS = {"game": N_("the games begin."), "tutorial": N_("the tutorial begins."),
          "tournament": N_("Setna's tournament begins.")}
"""What the terminal says as it turns to a mode chosen there."""
ESTIMATED = N_("No solved table here: the chances are estimated by {judge}.")
"""Said when the chances are shown without the solved table."""


OPTIONS = N_("options")
"""The command that lists the settings (typed as the language calls it, or in English)."""


class TerminalSettings:
    """``options`` and ``KEY CHOICE`` at the terminal's prompt."""

    def __init__(self, chosen: Chosen, *, mummy_for: Callable[[Level], Chooser],
                 save: Callable[[Chosen], object] | None = None,
                 kept: Chosen | None = None) -> None:
        """``chosen``: the settings now; ``mummy_for``: the mummy's way of choosing at a level;
        ``save``: keeps the settings once one changes; ``kept``: the settings as kept, without
        this run's flags (``--lang fr`` is not kept; None: as ``chosen``)."""
        self.chosen = chosen
        self.kept = kept if kept is not None else chosen
        self.mummy_for = mummy_for
        self.save = save

    @property
    def spoken(self) -> bool:
        """Whether spoken play is chosen (``spoken on``)."""
        return self.chosen.spoken

    def help(self) -> tuple[str, str]:
        """The settings' command and what it does, a row of ``help``."""
        level = setting("level")
        example = f"{level.typed()} {level.choice('vizier').typed()}"
        return (_(OPTIONS), _("the settings and what each choice means; set one by its name "
                              "and choice, such as '{example}':").format(example=example)
                + "\n" + _(", ").join(_("{key} ({title})").format(key=found.typed(),
                                                                   title=say(found.title))
                                       for found in settings()))

    def command(self, game: TerminalGame, line: str) -> bool:
        """Handle ``line`` if it is ``options`` or a setting; False when it is not one."""
        words = line.split()
        if len(words) == 1 and folded(words[0]) in ("options", folded(_(OPTIONS))):
            game.write("\n".join(describe(None, self.chosen.as_spoken())))
            return True
        found = typed_setting(words[0]) if words else None
        if found is None:
            return False
        key = found.key
        if len(words) != 2:
            game.write("\n".join([*described(found, None, self.chosen[key]), _(
                "Type '{key}' and a choice, such as '{key} {default}'.").format(
                    key=found.typed(), default=found.choice(found.default).typed())]))
            return True
        choice = found.typed_choice(words[1])
        if choice is None:
            game.write(_("{key}: '{value}' is not a choice (choose one of {known})").format(
                key=found.typed(), value=words[1],
                known=", ".join(c.typed() for c in found.choices)))
            return True
        chosen = self.chosen.with_(key, choice.value)
        self.kept = self.kept.with_(key, choice.value)
        before, self.chosen = self.chosen, chosen
        if self.save is not None:
            self.save(self.kept)  # what was typed is kept; the command line's flags are not
        if "mode" in chosen.changed(before) and chosen.mode != game.mode:
            game.write(_("{mode}: {starts}").format(
                mode=say(setting("mode").choice(chosen.mode).label), starts=_(STARTS[chosen.mode])))
            raise ModeChosen(chosen.mode)  # the game in play makes way (it is kept as it was)
        game.write(self._apply(game, key))
        return True

    def _apply(self, game: TerminalGame, key: str) -> str:
        chosen = self.chosen
        label = say(setting(key).choice(chosen[key]).label)
        if key == "language":  # spoken from the next line on
            use(chosen.language)
        if key == "game":
            rules = games.load(chosen.game)
            first, game.begins = rules.who_begins(game.rng, None)
            game.restart(Game(rules, first))
            return _("{label}: a new game.").format(label=label)
        if key in ("opponent", "level") and game.mode != "game":
            story = _("the tutorial") if game.mode == "tutorial" else _("the tournament")
            return _("{label}: kept for the games after {story} (it chooses the mummy).").format(
                label=label, story=story)
        if key == "opponent":
            game.mummies = {chosen.mummy} if chosen.mummy is not None else set()
        elif key == "level":
            game.chooser = self.mummy_for(chosen.level)
        elif key == "chances":
            game.show_chances = chosen.chances
            if chosen.chances and not game.judge.exact:
                return f"{label}. {_(ESTIMATED).format(judge=say(game.judge.name))}"
        elif key == "volume":
            return _("{label}, for the board and the window (the terminal makes no sound).")\
                .format(label=label)
        elif key == "lights":
            return _("{label}, for the board and the window (the terminal has no lights).")\
                .format(label=label)
        return _("{label}.").format(label=label)
