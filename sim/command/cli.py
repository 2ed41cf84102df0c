"""The ``aseb`` command: one front door to every part (it lives in ``sim``, the top layer,
because it reaches all the others).

    aseb sim         the simulator window: the board on any PC
    aseb play        a game in the terminal (two players, or against the mummy)
    aseb run         the board controller: --board FILE on a Pi, or --simulated
    aseb selftest    check a newly built board, square by square
    aseb calibrate   calibrate a Hall board's sensors by following its lights
    aseb solve       solve the game into the table Neferkaptah plays from
    aseb review      review a saved game: the luck and what each move cost
    aseb stats       the kiosk's statistics (--csv for a spreadsheet)
    aseb menu-card   the board menu's card, to print for the box lid
    aseb build-kit   a board's wiring diagram, parts list and drilling template
    aseb web         the board on the home network: a web page (the ``web`` extra)
    aseb far         the board beyond one house: far games and a museum's watch (``far`` extra)
    aseb fleet       every board on an MQTT broker, with its state
"""

from __future__ import annotations

import argparse
import os
import random
import sys
from typing import Any

from engine.core.words import N_, Phrase, phrase
from engine.games import DEFAULT, names
from engine.games.api import Rules
from engine.mummy.minds import level_description
from engine.record import GameRecord
from engine.tait.state import Ruleset
from firmware.solve.installed import table_for
from firmware.words import LANGUAGES, PSEUDO, _, choose, problem, say, side_said, use
from firmware.words.extras import needs
from hardware.core.errors import NAMED, shown
from hardware.doors.file_reader import Unreadable
from hardware.doors.writer import Unwritable
from sim.command.about import CALIBRATE, SELFTEST
from sim.command.arguments import (
    EX_CANTCREAT,
    EX_IOERR,
    EX_NOINPUT,
    EX_USAGE,
    Parser,
    address,
    seconds,
    seed,
    socket_file,
    whole,
    word,
)


def rules_of(args: argparse.Namespace, default: str = DEFAULT) -> Rules:
    """The game ``--game`` names (else ``default``), with ``--no-demon-cast`` where its rules
    have a demon-cast."""
    from dataclasses import replace

    from engine import games

    rules = games.load(args.game or default)
    if getattr(args, "no_demon_cast", False) and isinstance(rules, Ruleset):
        rules = replace(rules, demon_cast=False)
    return rules


def _play(args: argparse.Namespace) -> int:
    """``aseb play``: games, the tutorial or Setna's tournament, as the mode chosen says (or
    ``--tutorial`` / ``--tournament`` for this run); a mode chosen at the prompt is played next."""
    from firmware.menu.choices import choose as choose_settings
    from firmware.menu.settings_file import SettingsFile
    from firmware.service.daemon import state_directory
    from sim.terminal.settings import TerminalSettings

    if args.far is not None:
        return _play_far(args)
    if args.two_players and args.mummy is not None:
        raise ValueError(_("--two-players has no mummy: leave out --mummy, or play against it"))
    overrides = setting_flags(args)
    story = story_of(args, rules_of(args))
    if story is not None:
        if args.two_players or args.mummy is not None or args.level is not None:
            raise ValueError(_("{story} chooses the sides (you play the Cones) and the "
                               "mummy's level: leave out --two-players, --mummy and --level")
                             .format(story=_("the tutorial") if story == "tutorial"
                                     else _("the tournament")))
        overrides.update(game="tait", mode=story)
    file = SettingsFile(state_directory() / "terminal")
    kept = file.load(None)
    chosen = choose_settings(None, kept.to_json(), overrides)[0]  # the flags: this run only
    if args.lang != PSEUDO:
        use(chosen.language)  # --lang, else the terminal's kept choice, else LANG
    settings = TerminalSettings(chosen, save=file.save, kept=kept, mummy_for=lambda level: _mummy(
        level, games_rules(settings.chosen.game)).choose)
    rng = random.Random(args.seed)
    mode: str | None = chosen.mode
    from firmware.words import voice as language_voice
    from hardware.sounds.voice import EspeakVoice

    voice = EspeakVoice(language_voice(), warn=False)  # for spoken play, where it is chosen

    def speak(text: str) -> None:
        voice.speak_in(language_voice())  # the language chosen at the prompt, too
        voice.say(text)

    try:
        told = False
        while mode is not None:
            game = _terminal_game(mode, settings, args, rng)
            game.plain, game.say = args.plain, speak  # for a screen reader; said aloud
            game.help_told = told  # 'help' is told once a run
            game.run()
            mode, told = game.next_mode, True
    finally:
        voice.close()
    return 0


def _play_far(args: argparse.Namespace) -> int:
    """``aseb play --far CODE``: the terminal plays a board far away (``sim.terminal.far_game``)
    on a simulated board of its own, kept in the state directory's ``terminal-far``."""
    import secrets
    import select
    from pathlib import Path

    from firmware.play.controller import Settings
    from firmware.service.daemon import state_directory

    try:
        from sim.far.config import NetworkError, network_for
        from sim.far.joining import join_far
    except ImportError as exc:
        print(needs("aseb far", "far", exc))
        return 2
    from sim.board.table import Table
    from sim.terminal.far_game import FarTerminal

    code = far_code(args.far)
    if code is None:
        print(_("aseb play: {code!r} is not a game code: a game code is six digits, as the far "
                "board says and lights them (aseb play --far 314159)").format(
                    code=args.far[:20]), file=sys.stderr)
        return EX_USAGE
    try:
        network = network_for(Path(args.network) if args.network else None)
    except NetworkError as exc:
        print(f"aseb play: {exc}", file=sys.stderr)
        return 78
    state_dir = state_directory() / "terminal-far"
    rules = rules_of(args)
    table = Table(state_dir=state_dir, settings=Settings(ruleset=rules, mummy=None),
                  seed=secrets.randbits(32))

    def read_line(seconds: float) -> str | None:
        ready, _w, _x = select.select([sys.stdin], [], [], seconds)
        if not ready:
            return None
        line = sys.stdin.readline()
        if not line:
            raise EOFError
        return line.rstrip("\n")

    joined = join_far(table, code, network, state_dir)
    try:
        return FarTerminal(table, read_line, _write, far=lambda: joined.link.far).run()
    finally:
        joined.close()
        table.close()


def far_code(given: str) -> str | None:
    """The six digits of a far game's code as typed (spaces and dashes between them are
    fine); None when it is not one."""
    code = "".join(given.split()).replace("-", "")
    return code if len(code) == 6 and code.isascii() and code.isdigit() else None


def games_rules(name: str) -> Rules:
    """The rules of the game ``name``."""
    from engine import games

    return games.load(name)


def _mummy(level: Any, rules: Rules) -> Any:
    from engine.mummy import Mummy

    return Mummy(level, table=table_for(rules))


def _write(text: str) -> None:
    print(text, flush=True)


def _terminal_game(mode: str, settings: Any, args: argparse.Namespace,
                   rng: random.Random) -> Any:
    """The terminal game of ``mode`` (``firmware.menu.choices``' modes) with ``settings``'
    choices."""
    from engine.mummy import Level, hint
    from engine.mummy.hints import explain
    from firmware.service.daemon import state_directory
    from firmware.story.tournament import TournamentStore
    from sim.terminal.game import TerminalGame
    from sim.terminal.story import TournamentGame, TutorialGame

    if mode == "tutorial":
        return TutorialGame(input, _write, rng, settings=settings)
    if mode == "tournament":
        rules = games_rules("tait")
        mummy = _mummy(Level.NEFERKAPTAH, rules)
        _write(_("The mummy plays the Reels at Neferkaptah's level: {description}.").format(
            description=say(Level.NEFERKAPTAH.description)))
        if mummy.fallback:
            _write(f"({say(mummy.fallback)})")
        return TournamentGame(input, _write, rng, store=TournamentStore(
            state_directory() / "terminal"), chooser=mummy.choose, table=mummy.table,
            adviser=lambda state: str(hint(state, mummy=mummy, rng=random.Random(0))),
            keep=keep_record, settings=settings)
    chosen = settings.chosen
    side, level = chosen.mummy, chosen.level
    ruleset = rules_of(args) if args.no_demon_cast and chosen.game == (args.game or DEFAULT) \
        else games_rules(chosen.game)
    table = table_for(ruleset)
    mummy = _mummy(level, ruleset)

    def advise(state: Any) -> str:
        explained = explain(table, state) if table is not None else None
        if isinstance(explained, Phrase):  # printed after "The mummy would play "
            return which_keeps(explained)
        return str(hint(state, mummy=mummy, rng=random.Random(0)))

    if side is not None:
        _write(_("The mummy ({level}: {description}) plays {side}.").format(
            level=say(level.title), description=say(level_description(level, ruleset)),
            side=side_said(side)))
        if mummy.fallback:
            _write(f"({say(mummy.fallback)})")
    game = TerminalGame(input, _write, rng, mummy=side, chooser=mummy.choose, adviser=advise,
                        ruleset=ruleset, table=table, finished=keep_record, settings=settings)
    game.show_chances = chosen.chances
    return game


def which_keeps(explained: Phrase) -> Phrase:
    """The solved table's hint (``C2-M6 keeps 61%; ...``) as it reads after "The mummy would
    play": ``C2-M6, which keeps 61%; ...``, still a phrase to translate."""
    keeps = explained.args.get("keeps", explained)
    said = phrase(N_("{move}, which keeps {chance}"), **keeps.args)
    return said if keeps is explained else Phrase(explained.msgid,
                                                  {**explained.args, "keeps": said})


def keep_record(record: GameRecord) -> str:
    """Save a finished game's record among the games (``firmware.play.records``); say where."""
    from firmware.play.records import save_game

    try:
        path = save_game(record)
    except OSError as exc:
        return _("(the game could not be saved: {problem})").format(problem=exc)
    return _("The game is saved: review it with aseb review {path}").format(path=path)


def _review(args: argparse.Namespace) -> int:
    """Review a saved game of any game: by the solved table where it holds the game, else by
    the game's strongest search (its chances estimates), saying which judged."""
    from pathlib import Path

    from engine.mummy.judges import judge_for
    from engine.mummy.review import review
    from firmware.play.records import load_game
    from firmware.solve.places import default_directory
    from firmware.solve.table import TableError, open_table
    from sim.command.review_text import review_text

    try:
        record = load_game(Path(args.file))
    except ValueError as exc:  # not read, or not a game: the file is named
        return said(exc, EX_NOINPUT)
    directory = Path(args.tables) if args.tables else default_directory()
    table = None
    if isinstance(record.ruleset, Ruleset):
        try:
            table = open_table(directory, record.ruleset)
        except TableError as exc:
            print(_("{problem}; the chances below are a search's estimates.").format(
                problem=problem(exc)))
    print(review_text(review(judge_for(record.ruleset, table), record)))
    return 0


def _run(args: argparse.Namespace) -> int:
    import logging
    from pathlib import Path

    from firmware.play.controller import Settings
    from firmware.service.boards import no_board
    from firmware.service.daemon import run_board, state_directory
    from firmware.service.link_schema import socket_path
    from hardware.doors.writer import check_folder

    if not args.simulated and not args.board:
        raise ValueError(_("aseb run needs --board FILE (a real board) or --simulated"))
    if not args.simulated and args.solve:
        raise ValueError(_("--solve is for the simulated board: on a board the aseb-solve unit "
                           "makes the table (systemd/install.sh)"))
    if not args.simulated and (args.demo or args.kiosk):
        raise ValueError(_("--demo and --kiosk play on the simulated board only: add "
                           "--simulated (a real board's kiosk is its board file's [kiosk] "
                           "section)"))
    board = None
    if args.board:  # read once, here: every later step is handed what was read
        from firmware.service.boards import read_board
        from hardware.core.errors import ConfigError

        try:
            board = read_board(Path(args.board))
        except ConfigError as exc:
            print(f"aseb run: {exc}", file=sys.stderr)
            return 78
    ruleset = rules_of(args)
    if board is not None and not args.game:  # a Senet or a Hall board plays its own game
        from firmware.service.boards import own_game

        ruleset = rules_of(args, own_game(board).name)
    why = no_board(ruleset)
    if why is not None:
        raise ValueError(why)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(name)s: %(message)s")
    overrides = run_flags(args)
    settings = Settings(ruleset=ruleset, table=table_for(ruleset))
    state_dir = Path(args.state_dir) if args.state_dir else state_directory()
    check_folder(state_dir, "saved game")  # a board that cannot save is said at once
    story = story_of(args, ruleset)
    link = None if args.no_link else socket_path(args.socket, state_dir)
    if args.simulated:
        from sim.command.headless import run_simulated

        if args.demo and story == "tutorial":
            raise ValueError(_("--demo plays both sides itself: it cannot follow the tutorial"))
        return run_simulated(settings, state_dir, args.seconds, demo=args.demo,
                             kiosk=args.kiosk, story=story, overrides=overrides,
                             solve=args.solve, link=link, board=board)
    assert board is not None  # a real board is run only with --board (refused above)
    return run_board(board, settings, state_dir, story=story, overrides=overrides,
                     table_for=table_for, link=link)


def run_flags(args: argparse.Namespace) -> dict[str, str]:
    """The settings ``aseb run``'s flags name, by key: they override the owner's choices for
    this run only (``firmware.menu.choices``); ValueError for a value that is not a choice."""
    found = setting_flags(args)
    if args.tutorial or args.tournament:
        found["mode"] = "tutorial" if args.tutorial else "tournament"
    return found


def setting_flags(args: argparse.Namespace) -> dict[str, str]:
    """``--game``, ``--mummy`` (or ``--two-players``) and ``--level`` as settings' values;
    ValueError, in words, for a side or level that is not one."""
    from engine.core.sides import Side
    from engine.mummy import Level

    found = {"game": args.game} if args.game else {}
    if getattr(args, "lang", None) in LANGUAGES:  # qps (the pseudo-language) is no choice
        found["language"] = args.lang
    mummy = "none" if getattr(args, "two_players", False) else args.mummy
    if mummy is not None:
        found["opponent"] = "none" if mummy.lower() == "none" else Side.parse(mummy).name.lower()
    if args.level is not None:
        found["level"] = "fair" if args.level.strip().lower() == "fair" \
            else Level.parse(args.level).name.lower()
    return found


def story_of(args: argparse.Namespace, rules: Rules) -> str | None:
    """``tutorial`` or ``tournament`` as ``--tutorial`` or ``--tournament`` ask (None: neither);
    ValueError for both, or for another game than Tait's Twenty Squares."""
    from firmware.story.modes import check_story

    if args.tutorial and args.tournament:
        raise ValueError(_("--tutorial or --tournament: one at a time"))
    story = "tutorial" if args.tutorial else "tournament" if args.tournament else None
    if story is not None:
        check_story(story, rules)
    return story


def _sim(args: argparse.Namespace) -> int:
    from pathlib import Path

    from hardware.doors.writer import check_folder
    from sim.window.launch import open_window

    if args.state_dir:
        check_folder(Path(args.state_dir), "saved game")
    if args.far is not None:
        code = far_code(args.far)
        if code is None:
            print(_("aseb sim: {code!r} is not a game code: a game code is six digits, as the "
                    "far board says and lights them (aseb sim --far 314159)").format(
                        code=args.far[:20]), file=sys.stderr)
            return EX_USAGE
        args.far = code
    return open_window(Path(args.board) if args.board else None,
                       Path(args.state_dir) if args.state_dir else None,
                       fullscreen=args.fullscreen, seed=args.seed, seconds=args.seconds,
                       game=args.game, far=args.far,
                       network=Path(args.network) if args.network else None)


def _stats(args: argparse.Namespace) -> int:
    from pathlib import Path

    from firmware.kiosk.stats import GameLog, report, summary, to_csv
    from firmware.service.daemon import state_directory

    games = GameLog(Path(args.state_dir) if args.state_dir else state_directory())
    try:
        folder = games.directory.is_dir()
    except OSError:  # a name too long for the system
        folder = False
    if not folder:
        print(_("{directory} is not a folder: aseb stats reads the games a museum kiosk "
                "recorded in a board's state directory (--state-dir DIR).").format(
                    directory=shown(str(games.directory), NAMED)), file=sys.stderr)
        return 66  # EX_NOINPUT: no such input
    if args.csv:
        sys.stdout.write(to_csv(games.lines()))
        return 0
    print(_("The games a kiosk board recorded in {directory} ({file} and its rotated "
            "files):").format(directory=games.directory, file=games.path.name))
    found = summary(games.lines())
    print(report(found))
    if not found.games:
        print(_("None yet: a board records its games only as a museum kiosk ([kiosk] enabled "
                "in its board file). Games played in the window or the terminal are kept for "
                "aseb review instead."))
    return 0


def _menu_card(args: argparse.Namespace) -> int:
    """``aseb menu-card``: the board menu's card, from the table the controller reads."""
    from pathlib import Path

    from firmware.menu.card import draw_card
    from firmware.service.boards import board_defaults, read_board
    from hardware.boards.board_file import DEFAULT_BOARD, ConfigError
    from hardware.doors.writer import check_writable

    try:
        board = read_board(Path(args.board) if args.board else DEFAULT_BOARD)
        defaults = board_defaults(board)  # a bad [menu] section is named, as aseb run names it
    except ConfigError as exc:
        print(f"aseb: {exc}", file=sys.stderr)
        return 78
    use(choose(args.lang, None, defaults.get("language")))  # the board's own, under --lang
    out = Path(args.out)
    check_writable(out, "menu card")
    print(_("The menu card of {board}: {file}").format(board=board.name,
                                                       file=draw_card(board, out)))
    return 0


def _build_kit(args: argparse.Namespace) -> int:
    """``aseb build-kit``: the wiring diagram, the parts list and the template of a board file,
    into a folder: a kit already there is replaced file by file, and each file replaced is said
    so; the folder's other files are left alone (docs/build/kit.md)."""
    from pathlib import Path

    from firmware.kit import check_kit_folder, write_kit
    from firmware.service.boards import read_board
    from hardware.boards.board_file import DEFAULT_BOARD, ConfigError

    try:
        board = read_board(Path(args.board) if args.board else DEFAULT_BOARD)
    except ConfigError as exc:
        print(f"aseb: {exc}", file=sys.stderr)
        return 78
    out = Path(args.out)
    there = check_kit_folder(out)  # Unwritable: said before anything is drawn
    written = write_kit(board, out)
    print(_("The build kit of {board}:").format(board=board.name))
    for path in written:
        print("  " + (_("{file} (replaces the one that was there)").format(file=path)
                      if path in there else str(path)))
    return 0


def _web(args: argparse.Namespace) -> int:
    from pathlib import Path

    from sim.web.serve import web_main

    return web_main(Path(args.board) if args.board else None, args.socket,
                    Path(args.state_dir) if args.state_dir else None, display=args.display,
                    address=args.address, port=args.port, language=args.lang)


def _far(args: argparse.Namespace) -> int:
    from pathlib import Path

    from firmware.service.daemon import state_directory
    from firmware.service.link_schema import socket_path
    from hardware.doors.writer import check_folder

    try:
        from sim.far.run import far_main
    except ImportError as exc:
        print(needs("aseb far", "far", exc))
        return 2
    state_dir = Path(args.state_dir) if args.state_dir else state_directory()
    check_folder(state_dir / "far", "far game")  # 73 at once, not an OSError later
    return far_main(Path(args.board), socket_path(args.socket, state_dir), state_dir / "far")


def _fleet(args: argparse.Namespace) -> int:
    from pathlib import Path

    try:
        from sim.far.run import fleet_main
    except ImportError as exc:
        print(needs("aseb fleet", "far", exc))
        return 2
    for option, value, most in (("--seconds", args.seconds, 600.0),
                                ("--forget", args.forget, 3650.0)):
        if not 0 < value <= most:  # NaN, inf and 1e300 too
            print(_("aseb fleet: {option} {value}: a number of more than 0 and at most "
                    "{most:g}").format(option=option, value=shown(str(value), 20), most=most),
                  file=sys.stderr)
            return EX_USAGE
    return fleet_main(args.broker, Path(args.credentials), Path(args.ca) if args.ca else None,
                      args.seconds, args.forget * 86400)


def _selftest(args: argparse.Namespace) -> int:
    from sim.command.selftest import selftest_main

    return selftest_main(args.rest)  # its own parser reads the options


def _calibrate(args: argparse.Namespace) -> int:
    from sim.command.calibrate import calibrate_main

    return calibrate_main(args.rest)  # its own parser reads the options


def version() -> str:
    """The installed package's version (or the source tree's, when run uninstalled)."""
    from importlib.metadata import PackageNotFoundError
    from importlib.metadata import version as installed

    try:
        return installed("aseb")
    except PackageNotFoundError:
        return "(not installed)"


def _solve(args: argparse.Namespace) -> int:
    from pathlib import Path

    from firmware.solve.background import NO_ROOM
    from firmware.solve.places import RULESETS, default_directory, solvable
    from firmware.solve.run import TooLittleMemory, solve
    from hardware.doors.writer import check_folder

    name = args.game or args.ruleset
    if name not in RULESETS:
        raise ValueError(_("unknown ruleset '{name}': choose one of {rulesets}").format(
            name=name, rulesets=", ".join(RULESETS)))
    ruleset = solvable(name, args.pieces)
    out = Path(args.out) if args.out else default_directory()
    check_folder(out, "solved table")  # before minutes of work, not after
    try:
        result = solve(ruleset, out)
    except TooLittleMemory as refused:
        print(f"aseb: {problem(refused)}", file=sys.stderr)
        return NO_ROOM
    print("\n".join(result.lines()))
    return 0


def game_help(default: str) -> str:
    """``--game``'s help: the games, and the one played without it (``default``)."""
    return _("the game: {games} ({default})").format(games=", ".join(names()), default=default)


def lang_option() -> dict[str, Any]:
    """``--lang``: the languages and its help (the pseudo-language our tests speak is taken
    too, and offered to nobody)."""
    return {"default": None, "type": language_code, "metavar": "LANG",
            "help": _("the language spoken: {languages} (default: the settings, the board file's "
                      "[menu] language, else LANG)").format(languages=", ".join(LANGUAGES))}


def language_code(text: str) -> str:
    """A ``--lang`` value: one of the languages (or the pseudo-language), else an error that
    names the languages."""
    code = text.strip().lower()
    if code in LANGUAGES or code == PSEUDO:
        return code
    raise argparse.ArgumentTypeError(_("{code} is not a language here: choose one of "
                                       "{languages}").format(code=repr(text),
                                                             languages=", ".join(LANGUAGES)))


def subcommand(commands: Any, name: str, about: str,
               own_help: bool = False) -> argparse.ArgumentParser:
    """A subcommand, ``about`` both its line in ``aseb --help`` and its own help's description
    (``own_help``: its module's parser reads its options and answers ``--help``)."""
    made: argparse.ArgumentParser = commands.add_parser(name, help=about, description=about,
                                                        add_help=not own_help)
    return made


def build_parser() -> argparse.ArgumentParser:
    """The argument parser of every subcommand."""
    parser = Parser(prog="aseb", description=_("A Twenty Squares board that plays back: terminal "
                                               "game, board controller and simulator."))
    parser.add_argument("--version", action="version", version=f"aseb {version()}")
    commands = parser.add_subparsers(dest="command", metavar="COMMAND")
    play = subcommand(commands, "play", _("play in the terminal (Enter throws the sticks)"))
    play.add_argument("--two-players", action="store_true", help=_("no mummy: two humans"))
    play.add_argument("--plain", action="store_true",
                      help=_("for a screen reader: no drawing, the board in a sentence on "
                             "'board', the moves in words"))
    play.add_argument("--lang", **lang_option())
    play.add_argument("--mummy", default=None, metavar="SIDE", type=word,
                      help=_("the side the mummy plays: cones or reels (default: reels)"))
    play.add_argument("--level", default=None, type=word,
                      help=_("the mummy's level: scribe, priest, vizier, neferkaptah (or 0-3; "
                             "default: priest)"))
    play.add_argument("--seed", type=seed, default=None, metavar="NUMBER",
                      help=_("the same number gives the same throws: a game to play again"))
    play.add_argument("--no-demon-cast", action="store_true",
                      help=_("throw the opening by hand instead of the automatic demon-cast"))
    play.add_argument("--game", default=None, choices=names(),
                      help=game_help(_("default: {game}; else the last one chosen").format(
                          game=DEFAULT)))
    play.add_argument("--tutorial", action="store_true",
                      help=_("the guided first game: six short lessons, the throws arranged"))
    play.add_argument("--tournament", action="store_true",
                      help=_("Setna's tournament against Neferkaptah: first to four wins, each "
                             "loss sinks Setna into the sand (kept between runs)"))
    play.add_argument("--far", metavar="CODE",
                      help=_("join the far game of this code: the terminal plays a board far "
                             "away through an MQTT broker (the far extra)"))
    play.add_argument("--network", metavar="FILE",
                      help=_("the file whose [network] section names the broker, this "
                             "computer's name and its credentials (default: "
                             "~/.config/aseb/network.toml)"))
    play.set_defaults(run=_play)

    run = subcommand(commands, "run", _("run the board controller (a real board or simulated)"))
    run.add_argument("--board", metavar="FILE", help=_("the board file (TOML) of a real board"))
    run.add_argument("--simulated", action="store_true",
                     help=_("the simulated board, headless (with --board: the simulated board "
                            "wired as that file)"))
    run.add_argument("--mummy", default=None, metavar="SIDE", type=word,
                     help=_("the side the mummy plays: cones, reels or none (default: as chosen "
                            "in the board menu, else reels)"))
    run.add_argument("--level", default=None, type=word,
                     help=_("the mummy's level: scribe, priest, vizier, neferkaptah, or fair (the "
                            "kiosk: it adapts so visitors win about half their games; default: as "
                            "chosen in the board menu, else priest)"))
    run.add_argument("--state-dir", metavar="DIR", help=_("where the game is saved"))
    run.add_argument("--lang", **lang_option())
    run.add_argument("--seconds", type=seconds, help=_("stop after this long (simulated only)"))
    run.add_argument("--socket", metavar="PATH", type=socket_file,
                     help=_("where the board's link listens for aseb web (default: link.sock "
                            "in $RUNTIME_DIRECTORY, else $XDG_RUNTIME_DIR/aseb, else the state "
                            "dir)"))
    run.add_argument("--no-link", action="store_true", help=_("open no link for aseb web"))
    run.add_argument("--solve", action="store_true",
                     help=_("without a solved table, make it in the background at idle priority "
                            "while the board plays (simulated only; a board's aseb-solve unit "
                            "does it there)"))
    run.add_argument("--no-demon-cast", action="store_true", help=_("no automatic opening throws"))
    run.add_argument("--demo", action="store_true",
                     help=_("the mummy plays both sides through the simulated hand, game after "
                            "game (with --simulated): the whole board at work, unattended"))
    run.add_argument("--game", default=None, choices=names(),
                     help=game_help(_("default: {game}; else as chosen in the board menu").format(
                         game=DEFAULT)))
    run.add_argument("--kiosk", action="store_true",
                     help=_("(with --simulated) the museum kiosk of the shipped board file; a real "
                            "board's [kiosk] section decides for itself"))
    run.add_argument("--tutorial", action="store_true",
                     help=_("begin with the guided tutorial, then play on (the board file's "
                            "[story] mode = \"tutorial\" does this at every start)"))
    run.add_argument("--tournament", action="store_true",
                     help=_("play Setna's tournament against the mummy, kept across restarts "
                            "(the board file's [story] mode = \"tournament\")"))
    run.set_defaults(run=_run)

    sim = subcommand(commands, "sim", _("the simulator: a window that behaves like the board"))
    sim.add_argument("--board", metavar="FILE",
                     help=_("use a board file's pixel order and timings"))
    sim.add_argument("--state-dir", metavar="DIR", help=_("where the game is saved"))
    sim.add_argument("--lang", **lang_option())
    sim.add_argument("--fullscreen", action="store_true", help=_("fill the screen (a kiosk)"))
    sim.add_argument("--seed", type=seed, default=None, metavar="NUMBER",
                     help=_("the same number gives the same throws: a game to play again"))
    sim.add_argument("--seconds", type=seconds,
                     help=_("close after this many seconds (a window left to play by itself)"))
    sim.add_argument("--game", default=None, choices=names(),
                     help=game_help(_("default: {game}; else the last one chosen").format(
                         game=DEFAULT)))
    sim.add_argument("--far", metavar="CODE",
                     help=_("join the far game of this code: the window plays a board far "
                            "away through an MQTT broker (the far extra)"))
    sim.add_argument("--network", metavar="FILE",
                     help=_("the file whose [network] section names the broker, this "
                            "computer's name and its credentials (default: "
                            "~/.config/aseb/network.toml)"))
    sim.set_defaults(run=_sim)

    solve = subcommand(commands, "solve", _("solve the game: every position's chance to win "
                                  "under perfect play, as the table Neferkaptah plays from"))
    solve.add_argument("--pieces", type=whole(1, 5), default=5,
                       help=_("pieces a side, 1 to 5 (default 5)"))
    solve.add_argument("--game", choices=("tait", "cyningstan"),
                       help=_("the game to solve (default: tait)"))
    solve.add_argument("--ruleset", default="tait", type=word,
                       help=_("the rules, by name: tait, safe, cyningstan (default: tait)"))
    solve.add_argument("--out", metavar="DIR",
                       help=_("where the table goes (default: $ASEB_TABLES or "
                              "~/.local/share/aseb)"))
    solve.set_defaults(run=_solve)

    looked = subcommand(commands, "review", _("review a saved game: what each move cost, the "
                                   "biggest mistakes and the luck of the throws"))
    looked.add_argument("file", help=_("a saved game (a game record, or the board's game.json)"))
    looked.add_argument("--tables", metavar="DIR", help=_("where the solved table is (without "
                          "it, or for a game it does not hold, the strongest search judges)"))
    looked.set_defaults(run=_review)

    stats = subcommand(commands, "stats", _("the kiosk's statistics: games per day, "
                                  "completion, visitors' wins, duration"))
    stats.add_argument("--state-dir", metavar="DIR", help=_("where the board keeps its games "
                         "(default: the service's state directory)"))
    stats.add_argument("--csv", action="store_true", help=_("every game as CSV, for a spreadsheet"))
    stats.set_defaults(run=_stats)

    card = subcommand(commands, "menu-card", _("draw the board menu's card for the box lid "
                                 "(PDF, SVG or PNG), from the table the board reads"))
    card.add_argument("--board", metavar="FILE", help=_("the board file (default: the shipped "
                        "Twenty Squares board)"))
    card.add_argument("--lang", **lang_option())
    card.add_argument("--out", metavar="FILE", default="menu-card.pdf",
                      help=_("where to write it: .pdf, .svg or .png (default: menu-card.pdf)"))
    card.set_defaults(run=_menu_card)

    kit = subcommand(commands, "build-kit", _("draw a board's build kit: the wiring "
                              "diagram, the parts list and a drilling template at full size"))
    kit.add_argument("--board", metavar="FILE", help=_("the board file (default: the shipped "
                     "Twenty Squares board)"))
    kit.add_argument("--out", metavar="DIR", default="build-kit",
                     help=_("the folder to write it into (default: build-kit)"))
    kit.set_defaults(run=_build_kit)

    web = subcommand(commands, "web", _("the board on the home network: live board, "
                              "settings, games, a museum's display and remote play (the web "
                              "extra)"))
    web.add_argument("--board", metavar="FILE", help=_("the board file whose [web] section says "
                     "where to listen and the PIN (default: loopback, port 8020)"))
    web.add_argument("--socket", metavar="PATH", type=socket_file,
                     help=_("the board's link (as aseb run --socket)"))
    web.add_argument("--state-dir", metavar="DIR",
                     help=_("where the page keeps its key and PIN hash"))
    web.add_argument("--display", action="store_true",
                     help=_("the home page is the museum's full-screen display"))
    web.add_argument("--address", type=address, help=_("listen here instead (an IP address)"))
    web.add_argument("--port", type=whole(1024, 65535, "a port"),
                     help=_("listen on this port instead"))
    web.add_argument("--lang", **{**lang_option(), "help": _(
        "the page's language, whatever the board speaks (default: the board's language "
        "setting, else the browser's)")})
    web.set_defaults(run=_web)

    far = subcommand(commands, "far", _("the board beyond one house: play a board far "
                              "away and tell a museum how the board is, through an MQTT broker "
                              "(the far extra)"))
    far.add_argument("--board", metavar="FILE", required=True,
                     help=_("the board file whose [network] section names the broker, this "
                            "board's name and its credentials file"))
    far.add_argument("--socket", metavar="PATH", type=socket_file,
                     help=_("the board's link (as aseb run --socket)"))
    far.add_argument("--state-dir", metavar="DIR",
                     help=_("the board's state directory (the far game is kept beside it)"))
    far.set_defaults(run=_far)

    fleet = subcommand(commands, "fleet", _("every board on an MQTT broker, with its "
                                "state, in a table (the far extra)"))
    fleet.add_argument("--broker", required=True, metavar="URL",
                       help=_("the broker, as mqtts://HOST:PORT"))
    fleet.add_argument("--credentials", required=True, metavar="FILE",
                       help=_("a file with username = \"...\" and password = \"...\" "
                              "(readable by its owner only)"))
    fleet.add_argument("--ca", metavar="FILE",
                       help=_("the CA that signed the broker's certificate (default: the "
                              "system's)"))
    fleet.add_argument("--seconds", type=float, default=2.0,
                       help=_("how long to listen for the boards (default 2)"))
    fleet.add_argument("--forget", type=float, default=30.0, metavar="DAYS",
                       help=_("leave out the boards not seen for this many days (default 30)"))
    fleet.set_defaults(run=_fleet)

    check = subcommand(commands, "selftest", _(SELFTEST), own_help=True)
    check.set_defaults(run=_selftest)
    calibrate = subcommand(commands, "calibrate", _(CALIBRATE), own_help=True)
    calibrate.set_defaults(run=_calibrate)
    return parser


def lang_asked(argv: list[str]) -> str | None:
    """The ``--lang`` of a command line before it is parsed (so its help is in that
    language); None without one."""
    for i, given in enumerate(argv):
        if given.startswith("--lang="):
            return given.split("=", 1)[1]
        if given == "--lang" and i + 1 < len(argv):
            return argv[i + 1]
    return None


def main(argv: list[str] | None = None) -> int:
    """Entry point of the ``aseb`` console command."""
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")  # no banner on every start
    use(choose(lang_asked(sys.argv[1:] if argv is None else argv)))  # --help in it too
    parser = build_parser()
    args, rest = parser.parse_known_args(argv)
    if getattr(args, "run", None) in (_selftest, _calibrate):
        args.rest = rest
    elif rest:
        parser.error(f"unrecognized arguments: {' '.join(rest)}")
    if not hasattr(args, "run"):
        parser.print_help()
        return EX_USAGE
    use(choose(getattr(args, "lang", None)))  # the settings may choose again, under --lang
    try:
        status: int = args.run(args)
    except BrokenPipeError:  # the reader went away (e.g. piped into head): nothing to say
        return 0
    except Unwritable as exc:  # an --out or a state directory: said before the work began
        return said(exc, EX_CANTCREAT)
    except Unreadable as exc:  # a file named to be read
        return said(exc, EX_NOINPUT)
    except ValueError as exc:  # e.g. an unknown side name: answer it, no traceback
        return said(exc, EX_USAGE)
    except OSError as exc:  # a disk failing as it is written: one line, not a traceback
        return said(exc, EX_IOERR)
    return status


def said(problem: Exception, status: int) -> int:
    """Say ``problem`` in one short line on stderr; ``status``."""
    print(f"aseb: {shown(str(problem), 400)}", file=sys.stderr)
    return status


if __name__ == "__main__":
    sys.exit(main())
