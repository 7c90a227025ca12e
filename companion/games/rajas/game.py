"""Rajas of the Ganges behind the general Game interface."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from companion.games.base import Message, OptionField, Player, RefusedMove, RolledDie, Verdict
from companion.games.rajas import rules
from companion.games.rajas.buttons import next_move
from companion.games.rajas.camera import is_read, rolled_dice
from companion.games.rajas.definition import COLORS, GAME_ID, MODULES, default_options
from companion.games.rajas.moves.setup import build_setup
from companion.games.rajas.parse import parse_move
from companion.games.rajas.state import RajasState
from companion.games.rajas.view import view


class Rajas:
    """Rajas of the Ganges (Inka & Markus Brand, HUCH! 2017): base game, variants, Goodie Box 1."""

    id = GAME_ID
    title = Message("rajas.title")
    min_players = 2
    max_players = 4
    die_colours = COLORS

    def default_options(self) -> dict[str, Any]:
        """Base game, no module, no facts beyond the shipped board file."""
        return default_options()

    def option_fields(self) -> tuple[OptionField, ...]:
        """The modules and variants to play with, and the experienced players of a mixed group; the board facts
        are not asked for here (the owner's copy is learnt on the board page and at the table)."""
        return (
            OptionField("modules", "several", MODULES),
            OptionField("experienced", "seats", needs=("modules", "mixed_groups")),
        )

    def setup(self, players: Sequence[Player], options: Mapping[str, Any], seed: int) -> RajasState:
        """Before the start rolls: every player must roll one die of each colour."""
        return RajasState(build_setup(players, options, seed))

    def parse_move(self, state: RajasState, data: Mapping[str, Any]) -> dict[str, Any]:
        """Check and normalise a move's shape."""
        return parse_move(data, [str(p["name"]) for p in state.data["players"]], state.data["modules"])

    def legal(self, state: RajasState, move: Mapping[str, Any]) -> Verdict:
        """Allowed, refused with a reason and citation, or undecided for want of one printed fact."""
        return rules.judge(state.data, move)[0]

    def apply(self, state: RajasState, move: Mapping[str, Any]) -> RajasState:
        """The next state; RefusedMove when the move is not allowed now."""
        verdict, after = rules.judge(state.data, move)
        if after is None:
            raise RefusedMove(verdict)
        return RajasState(after)

    def roll_move(self, state: RajasState, dice: Sequence[RolledDie]) -> dict[str, Any] | None:
        """The roll awaited now, as read by the camera; None when no roll is awaited or the table must tell it.

        Only the dice on the open table are the roll: the camera also sees the dice kept on the Kali statues and
        in the players' areas. When a die of the roll was not read surely or not named, nothing is played: a
        roll of fewer dice can be legal (a nearly full Kali: rule dice.kali_limit, rulebook "Playing a round"),
        so leaving that die out could play a wrong roll. The roll form asks the table instead, filled in with
        what the camera read. A reading with no die on the table is no roll either, though an empty roll is
        legal when the Kali is full: dice just picked up must not play it.
        """
        data = state.data
        if not data["pending"] or data["pending"][0]["kind"] not in ("roll", "ganga_roll"):
            return None
        rolled = rolled_dice(dice)
        if not rolled or not all(is_read(d) for d in rolled):
            return None
        seat = data["pending"][0]["seat"]
        read = [{"color": d.color, "value": d.value} for d in rolled]
        return {"type": "roll", "seat": data["first_seat"] if seat is None else seat, "dice": read}

    def button_move(self, state: RajasState, button: str) -> dict[str, Any] | None:
        """next declines an optional choice awaited, else passes for the player whose turn it is (see buttons.py)."""
        return next_move(state.data) if button == "next" else None

    def view(self, state: RajasState) -> dict[str, Any]:
        """The table's JSON."""
        return view(state)

    def state_to_dict(self, state: RajasState) -> dict[str, Any]:
        """Complete JSON: equal states give equal dicts."""
        return state.to_dict()


GAME = Rajas()
