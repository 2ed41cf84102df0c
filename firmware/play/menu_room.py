"""The controller's menu room: the gesture that opens the board menu between games, and the
menu's turn at the switches, the lights and the sounds while it is open.

Only a board with no game on it opens it: between games, or a game's pieces cleared away (the
game is kept, and guided back to when the menu closes, as after a restart); a game's piece
never lifted from where the game expects it means the game is still on the board. With pieces
on the opening squares alone (``firmware.menu.menu_table``), a shake of the sticks, which such
a board would otherwise refuse, opens the menu. A kiosk that locks the menu opens it only by
the staff reset (``firmware.kiosk.kiosk``). What is chosen is applied and saved when it closes
(``firmware.service.board_settings``); only the volume is heard at once.
"""

from __future__ import annotations

import logging

from engine.games.api import Rules
from engine.mummy.chances import SolvedTable
from firmware.lights.scenes import Phase
from firmware.play import sounds
from firmware.play.evidence import census
from firmware.play.phases import Phases
from firmware.play.store import Store
from firmware.play.tracker import Unsettled
from hardware.core.squares import RACK_OF
from hardware.lights.pixels import Frame

log = logging.getLogger("firmware.play.controller")  # its rooms log as the controller, as before


class MenuRoom(Phases):
    """Opens the board menu by its gesture and hands it the board while it is open."""

    def _menu_gesture(self) -> bool:
        """Whether the still board shows the opening squares and nothing else, with no game
        on it: between games, or a game's pieces cleared away (a game waiting to be resumed).

        A game's piece still standing where the game expects it was never cleared away: a
        piece on an opening square the game expects filled counts only once it has been
        lifted (and set down again) since the position was set. During a game the shake is
        then a throw, whatever else was slid or lifted."""
        menu = self.menu
        if menu is None or self.menu_locked \
                or self.phase not in (Phase.IDLE, Phase.GUIDE, Phase.THROW, Phase.MOVE) \
                or isinstance(self.verdict, Unsettled):
            return False
        opening = frozenset(menu.table.opening)
        if self.board_pieces() != opening:
            return False
        if self.phase is Phase.IDLE:
            return True
        expected = frozenset(s for s in self.tracker.expectation.before if s not in RACK_OF)
        return all(self.tracker.was_emptied(square) for square in opening & expected)

    def board_pieces(self) -> frozenset[str]:
        """The squares with a piece on them (the racks aside)."""
        return frozenset(s for s in census(self.tracker.occupancy) if s not in RACK_OF)

    def open_menu(self) -> bool:
        """Open the menu (the gesture, a kiosk's staff) unless a game is being played on the
        board (False then); a game cleared away is kept, and guided back to afterwards."""
        if self.menu is None or self.phase not in (Phase.IDLE, Phase.GUIDE, Phase.THROW,
                                                   Phase.MOVE):
            return False
        self._set_phase(Phase.MENU)
        self.mummy_move = self.hint = None
        self.menu.open(self.clock.now(), self.board_pieces())
        self.speaker.play(sounds.INVITE)
        log.info("the menu is open")
        return True

    def _menu_heard(self, square: str, occupied: bool, t: float) -> None:
        if self.menu is not None and self.phase is Phase.MENU:
            self.menu.changed(square, occupied, t)

    def _menu_tick(self, now: float) -> Frame | None:
        """While the menu is open: judge the still board, sound what was chosen, and return
        the menu's lights (None when it is not open)."""
        menu = self.menu
        if menu is None or self.phase is not Phase.MENU:
            return None
        closed = False
        for heard in menu.judge(now, still=not isinstance(self.verdict, Unsettled)):
            if heard.what == "chosen":
                self.speaker.play(sounds.MOVE)
                if heard.key == "volume":  # heard at once, at the new volume
                    self.speaker.volume = menu.loudness(menu.chosen.volume)
            elif heard.what == "closed":
                log.info("the menu is closed")
                self.speaker.play(sounds.EXTRA_TURN)
                self._after_menu()
                closed = True
            elif heard.what == "action" and menu.act is not None:
                menu.act(heard.key)  # once closed: what it lights is seen (a new PIN)
        return None if closed else menu.frame(now)

    def close_menu(self) -> None:
        """Close the menu now, keeping what was chosen (the new-game button)."""
        if self.menu is not None and self.phase is Phase.MENU:
            self.menu.close()
            self._after_menu()

    def _after_menu(self) -> None:
        """Back to waiting between games, or to the game that was cleared away (its pieces
        guided back, or the board cleared and the sticks shaken for a new one)."""
        self.menu_closed = True
        if self.game is not None and not self.game.state.is_over:
            setting_out = self.setting_out  # a new game's pieces still to set out
            self._guide_to(self.game.state)
            self.setting_out = setting_out
        else:
            self._idle()

    def change_game(self, rules: Rules, table: SolvedTable | None = None) -> None:
        """Play another game of this board from now on (the menu chose it, between games):
        its own saved game is resumed, or guided to; else the board waits for a shake."""
        log.info("the game is now %s", rules.title)
        self.settings.ruleset, self.settings.table = rules, table
        if self.store is not None:
            self.store = Store(self.store.directory, rules.name)
        self.game = self.last_winner = None
        self.throws = {}
        self._new_mummy()
        self.start(frozenset(self.tracker.occupancy))
