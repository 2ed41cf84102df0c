"""The far game between two boards, as pure decisions: what each board publishes, and what it
does with what the far board published. No network here, no clock: ``sim.far.companion`` feeds
it the board's game (the link's ``played`` event) and the far board's messages.

Each board publishes its game as a numbered *round* (the whole record, retained on the broker)
and every throw and move of its own side as an action message: the round, a sequence number (the
action's index in the game) and the position it was made from. The board that offered the game
(the host) begins every round; the other takes each new round up. Applying is idempotent: an
action whose number the board has already played is a duplicate, and one that does not follow
from the position the board has is never applied. Each side is the only author of its own
actions: a board never plays an action of its own side that came from the far board (but for
one it made itself and lost, a full disk, which it knows from what it published), and refuses a
round or an action that changes one it has; ``refused`` says why, in one line each.

    far = FarGame(mine=Side.REELS, begins=False)
    far.heard_state(Round.of(message))        # the far board's retained round
    step = far.next_step(local, phase)        # Apply, TakeUp, Choose, or None: nothing to do
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from engine.core.errors import RulesError
from engine.core.sides import Side
from engine.core.sticks import Throw
from engine.record import GameRecord
from sim.far import messages
from sim.far.messages import known_rules

BETWEEN = frozenset({"won", "clear", "menu"})
"""The board's phases in which a new round is not taken up yet (the last game's pieces are
still being cleared, the menu is open)."""


@dataclass(frozen=True)
class Round:
    """A board's far game as it published it: the round's number and its record."""

    number: int
    record: GameRecord

    def to_message(self, board: str) -> messages.Round:
        data = self.record.to_data()
        return messages.Round(board, self.number, messages.Record(
            data["format"], data["version"], data["ruleset"], data["first"], data["actions"]))

    @classmethod
    def of(cls, message: messages.Round) -> Round | None:
        """The round a decoded message tells (None: no game yet); ValueError saying what is
        wrong (rules this board does not know, a record that does not replay)."""
        if message.round is None or message.record is None:
            return None
        return cls(message.round, record_of(message.record))


@dataclass(frozen=True)
class Action:
    """One throw or move made on a board: its round, its number in the game, the position it
    was made from (notation), the action (notation) and the side that made it."""

    round: int
    seq: int
    before: str
    action: str
    side: Side

    def to_message(self) -> messages.Action:
        return messages.Action(self.round, self.seq, self.before, self.action,
                               "cones" if self.side is Side.CONES else "reels")

    @classmethod
    def of(cls, message: messages.Action) -> Action:
        return cls(message.round, message.seq, message.before, message.action,
                   Side.parse(message.side))


@dataclass(frozen=True)
class Apply:
    """Play the far board's next action here: a throw (``3:WWDW``) or a move (``C2-M6``)."""

    token: str
    throw: bool


@dataclass(frozen=True)
class TakeUp:
    """Take up this record: the far board began a new round, or this board is behind."""

    record: GameRecord
    number: int


@dataclass(frozen=True)
class Choose:
    """Choose the game the far board plays first (``set game``), then take its round up."""

    game: str


Step = Apply | TakeUp | Choose


def record_of(record: messages.Record) -> GameRecord:
    """A record from its decoded message, its rules checked against the games this board
    knows (``messages.known_rules``) and then the board's own (their tables worked out once);
    ValueError saying what is wrong."""
    rules = known_rules(record.ruleset)
    first = Side.parse(record.first)
    return GameRecord(rules, first, ()) if not record.actions else \
        extended(GameRecord(rules, first, ()), record.actions)


def extended(record: GameRecord, tokens: list[str]) -> GameRecord:
    """``record`` and the actions ``tokens`` (notation) after it; ValueError naming the first
    that does not fit."""
    state = record.final_state()
    luck = record.ruleset.chance is not None
    actions = list(record.actions)
    for number, token in enumerate(tokens, len(actions) + 1):
        try:
            action: Throw | Any
            if state.throw is None and luck:  # a game of luck throws first
                action = Throw.parse(token)
                state, _ = state.cast(action)
            else:
                action = state.parse_move(token)
                state, _ = state.play(action)
        except RulesError as exc:
            raise ValueError(f"not a game record: action {number} ({token[:40]!r}): "
                             f"{exc}") from None
        actions.append(action)
    return GameRecord(record.ruleset, record.first, tuple(actions), record.start)


def token(record: GameRecord, index: int) -> str:
    """Action ``index`` of ``record`` in notation (for a refusal's words)."""
    return str(record.to_data()["actions"][index])


def opening_throw(state: Any, action: Any) -> bool:
    """Whether ``action`` is a throw the board that begins casts for both sides (Tait's
    demon-cast, Senet's opening): the round's own, no side's."""
    return bool(state.opening) and isinstance(action, Throw)


def same_game(a: GameRecord, b: GameRecord) -> bool:
    """Whether two records are of one game (rules, first side, start)."""
    return a.ruleset == b.ruleset and a.first == b.first and a.start == b.start


def extends(longer: GameRecord, shorter: GameRecord) -> bool:
    """Whether ``longer`` is ``shorter`` and perhaps more."""
    n = len(shorter.actions)
    return same_game(longer, shorter) and len(longer.actions) >= n \
        and longer.actions[:n] == shorter.actions


def record_prefix(record: GameRecord, n: int) -> GameRecord:
    """The record of the first ``n`` actions."""
    return GameRecord(record.ruleset, record.first, record.actions[:n], record.start)


def turn_at(record: GameRecord, index: int) -> Side:
    """The side that made (or makes) action ``index``."""
    return Side(record_prefix(record, index).final_state().turn)


@dataclass
class FarGame:
    """One board's side of a far game: what it knows of the far board's round, and of its own.

    ``mine``: the side this board plays; ``begins``: this board offered the game and begins
    every round. ``published`` is this board's round as last published, ``taken`` the far
    board's round this board took up (a board that does not begin): both kept on disk by the
    companion, so a restart goes on where it was."""

    mine: Side
    begins: bool
    far: Round | None = None
    published: Round | None = None
    taken: int | None = None
    refused: list[str] = field(default_factory=list)
    """What the far board sent and this board refused, in words (for the log)."""

    # --- what the far board said ----------------------------------------------------------

    def heard_state(self, found: Round) -> bool:
        """The far board's round; whether it told something new. A round that holds an action
        of this board's side that this board did not make, or changes one it has, is refused
        (``refused`` says why) and this board keeps its own."""
        far = self.far
        if far is not None and (found.number < far.number or (
                found.number == far.number and extends(far.record, found.record))):
            return False  # older, or no more than known (a late or doubled message)
        problem = self.rewrites(found)
        if problem is not None:
            self.refused.append(problem)
            return False
        self.far = found
        return True

    def rewrites(self, found: Round) -> str | None:
        """Why the far board's round may not be taken (None: it may): each action this board
        has must stand as it is, and every other action of this board's side is its own to
        make. The opening throws the beginning board casts for both sides are the round's."""
        published = self.published
        known = published.record if published is not None \
            and published.number == found.number else None
        if known is not None and not same_game(known, found.record):
            if self._authored(known):
                return f"the far board's round {found.number} is another game than the one " \
                    "this board plays in it"
            known = None
        start = 0
        if known is not None:
            common = min(len(known.actions), len(found.record.actions))
            start = next((i for i in range(common)
                          if known.actions[i] != found.record.actions[i]), common)
            if start < common:
                return f"the far board's round {found.number} changes action {start} " \
                    f"({token(found.record, start)}), which this board has otherwise"
        state = found.record.initial()
        for index, (action, after) in enumerate(found.record.replay()):
            if index >= start and Side(state.turn) == self.mine \
                    and not opening_throw(state, action):
                return f"the far board's round {found.number} holds " \
                    f"{token(found.record, index)} (action {index}) for this board's side, " \
                    "which this board did not make"
            state = after
        return None

    def _authored(self, record: GameRecord) -> bool:
        """Whether ``record`` holds an action this board's side made."""
        state = record.initial()
        for action, after in record.replay():
            if Side(state.turn) == self.mine and not opening_throw(state, action):
                return True
            state = after
        return False

    def heard_action(self, action: Action) -> bool:
        """One of the far board's actions; whether it was new. A duplicate, one of an older
        round, one that skips ahead (the retained round brings those) or one that does not
        follow from its position changes nothing; one for this board's side, or one that
        changes an action this board has, is refused."""
        far = self.far
        if far is None or action.round != far.number or action.seq != len(far.record.actions):
            return False
        state = far.record.final_state()
        if Side(state.turn) == self.mine or action.side == self.mine:
            self.refused.append(f"the far board sent {action.action} (action {action.seq}) "
                                "for this board's side")
            return False
        if state.notation() != action.before or Side(state.turn) != action.side:
            self.refused.append(f"action {action.seq} ({action.action}) does not follow from "
                                "the far board's position")
            return False
        try:
            longer = extended(far.record, [action.action])
        except ValueError as exc:
            self.refused.append(f"action {action.seq}: {exc}")
            return False
        problem = self.rewrites(Round(far.number, longer))
        if problem is not None:
            self.refused.append(problem)
            return False
        self.far = Round(far.number, longer)
        return True

    # --- this board's own round ------------------------------------------------------------

    def own_round(self, local: GameRecord) -> int | None:
        """The number of the round the board's game is (None: none yet). The board that
        begins counts: the round published while the game goes on from it, else the next (a
        new game, begun here); the other plays the round it took up."""
        if not self.begins:
            return self.taken
        published = self.published
        if published is None:
            return 1
        return published.number if extends(local, published.record) else published.number + 1

    def to_publish(self, local: GameRecord | None) -> tuple[Round | None, list[Action]]:
        """What this board publishes now its game is ``local``: its round when it changed
        (None: nothing new), and an action message for each new action of its own side (a
        new game's opening throws are the round's own)."""
        number = self.own_round(local) if local is not None else None
        if local is None or number is None:
            return None, []
        published = self.published
        same = published is not None and published.number == number
        if same and published is not None and extends(published.record, local):
            return None, []  # nothing new (or this board is behind what it published)
        start = len(published.record.actions) if same and published is not None else 0
        now = Round(number, local)
        tokens = local.to_data()["actions"]
        actions = []
        state = local.initial()
        for index, (action, after) in enumerate(local.replay()):
            if index >= start and Side(state.turn) == self.mine \
                    and not (state.opening and isinstance(action, Throw)):
                actions.append(Action(number, index, state.notation(), tokens[index],
                                      self.mine))
            state = after
        self.published = now
        return now, actions

    def took_up(self, step: TakeUp) -> None:
        """The board took up ``step``'s round: it plays that round, published as it is."""
        if not self.begins:
            self.taken = step.number
        self.published = Round(step.number, step.record)

    # --- what to do here -------------------------------------------------------------------

    def next_step(self, local: GameRecord | None, phase: str, game: str) -> Step | None:
        """What this board does next toward the far board's game (None: nothing now): apply
        the far side's next action, take the far round up, or choose its game first. ``phase``
        is the board's (the link's status), ``game`` the name of the game it plays."""
        far = self.far
        if far is None:
            return None
        if not self.begins:
            if far.record.ruleset.name != game:
                return Choose(far.record.ruleset.name)
            if self.taken != far.number or local is None or not (
                    extends(far.record, local) or extends(local, far.record)):
                if phase in BETWEEN and local is not None and local.final_state().is_over:
                    return None  # the last game's pieces are cleared first
                return TakeUp(far.record, far.number)
        elif self.published is None or far.number != self.published.number or local is None:
            return None
        if len(far.record.actions) <= len(local.actions) or not extends(far.record, local):
            return None
        index = len(local.actions)
        if turn_at(far.record, index) == self.mine:
            # an action of this board's own side: only one it made and lost (a full disk),
            # which it published itself, is taken back from the far board
            published = self.published
            if published is not None and same_game(published.record, far.record) \
                    and published.record.actions[: index + 1] == far.record.actions[: index + 1]:
                return TakeUp(far.record, far.number)
            return None
        action = far.record.actions[index]
        return Apply(far.record.to_data()["actions"][index], isinstance(action, Throw))
