"""Fixed definition of Rajas of the Ganges: components, action spaces, options (facts live in board files)."""

from __future__ import annotations

from typing import Any, Final

GAME_ID: Final = "rajas"
COLORS: Final = ("blue", "green", "orange", "violet")
DICE_PER_COLOR: Final = 12
TILES_PER_COLOR: Final = 16
VILLAGE_TILES: Final = 10  # Mango Village: 8 + 2 new in Goodie Box 1
BUILDINGS: Final = ("temple", "palace", "fort", "mill")
GOODS: Final = ("silk", "tea", "spice")
STACKS: Final = ("snake", "tiger", "cow")
ROADS: Final = ("straight", "curve", "junction", "crossing", "dead_end")
TILE_KINDS: Final = ("normal", "village", "shalimar", "tiger")
TIGER_TILES: Final = ("ashoka_pillar", "akbar_bridge", "black_market", "imperial_flag")

START_MONEY: Final = (3, 4, 5, 6)
START_KARMA: Final = 1
MAX_KARMA: Final = 3
UPGRADE_LEVELS: Final = (2, 3, 4)
START_WORKERS: Final = 3
KALI_CAPACITY: Final = {"normal": 10, "navaratnas": 8}

# Extra workers wait on these spaces; the third one is removed when the second is taken (base game).
FAME_WORKER_SPACE: Final = 15
MONEY_WORKER_SPACE: Final = 20
FAME_BONUSES: Final = {5: "upgrade", 24: "karma2", 31: "boat"}
MONEY_BONUSES: Final = ((12, "boat"), (33, "dice2"), (44, "boat"), (55, "dice2"))
RULES_VERSION: Final = 5
"""The version of the engine's rules a new game is played by, kept in its start options ("rules"), so that a game
begun under earlier rules folds from its log exactly as it was played; a game begun before versions were kept has
none, and is version 1. Version 2: the tracks' boat bonus is asked (BOAT_BONUS_ASKED_FROM), and a yield tile's
kind is checked against its colour (YIELD_KINDS_CHECKED_FROM), and a river bridge told past the river's last space
is refused (BRIDGE_CHECKED_FROM), and Akbar's Bridge built at the start asks nothing (AKBAR_AT_START_FROM).
Version 3: a river tile laid at the start must be one of the tiles in the box (RIVER_TILES_CHECKED_FROM).
Version 4: no printed fact is told to a game once it is over (FACTS_CLOSED_AT_END_FROM).
Version 5: at 3-4 players the once-a-round limits of the mixed-goods market and the Mango village count the
workers placed there in the round, one taken back by a Shalimar garden too (ONCE_A_ROUND_COUNTS_PLACEMENTS_FROM)."""
BOAT_BONUS_ASKED_FROM: Final = 2
"""The rules version from which the tracks' boat bonus is the player's choice (rulebook, "Bonus des pistes de
score": the player may move the boat); version 1 moved the boat at once."""
YIELD_KINDS_CHECKED_FROM: Final = 2
"""The rules version from which a yield tile's kind must be one its colour shows (modules/navaratnas.py): version 1
took any kind on any colour, and a game played so must fold from its log as it was."""
BRIDGE_CHECKED_FROM: Final = 2
"""The rules version from which a river bridge told at or past the river's last space (or a river told ending at or
before its bridge) is refused (facts.fact_problem): nobody could pass it. A game told so before still folds."""
AKBAR_AT_START_FROM: Final = 2
"""The rules version from which Akbar's Bridge built while the boat is still on the start space gives nothing at
once (there is no river reward to take again); version 1 asked the Imperial Flag's question instead, a slip kept
so that such a game folds as it was played."""
RIVER_TILES_CHECKED_FROM: Final = 3
"""The rules version from which a river tile laid with the Ganga module must be one of the tiles in the box, as it
prints them (river_tiles.py): version 2 took any reward at all (20 money...), and a game played so folds as it was."""
FACTS_CLOSED_AT_END_FROM: Final = 4
"""The rules version from which a game that is over takes no printed fact any more (rulebook, "Fin de la partie":
once the last phase is played the winner is found and the game ends): told after the end, a fact could move a
marker (a track's length) and leave the ranking stale. Version 3 and before took it, and fold from their logs so."""
ONCE_A_ROUND_COUNTS_PLACEMENTS_FROM: Final = 5
"""The rules version from which, at 3-4 players, a player who placed a worker on the mixed-goods market (base
rulebook, markets) or on the Mango village (Goodie Box 1) this round cannot place another there, even after a
Shalimar garden took the first back (that frees the space, not the player's turn there). Version 4 and before only
looked at the workers standing there, and a game played so folds from its log as it was."""
FATE_FAME_SPACE: Final = 18
FATE_MONEY_SPACE: Final = 24
GEMSTONE_SPACE: Final = 10

# Palace (one worker per space). Terrace: take a die of that colour. Balcony: pay key colour, get 2 of value.
TERRACES: Final = ("green", "orange", "blue", "violet")
BALCONIES: Final = {"orange": "violet", "green": "blue", "violet": "green", "blue": "orange"}
ROOMS: Final = {1: "mogul", 2: "dancer", 3: "yogi", 4: "raja", 5: "master_builder", 6: "portuguese"}
ROOM_VALUES: Final = {name: value for value, name in ROOMS.items()}
PORTUGUESE_STEPS: Final = 6
PORTUGUESE_LAST_SPACES: Final = 6

# Yield tiles, and the income spaces of the Navaratnas side that take them, come in four colours.
YIELD_COLORS: Final = ("white", "yellow", "red", "brown")
WHITE_YIELDS: Final = ("die", "money3", "upgrade", "karma")
BROWN_YIELDS: Final = (
    "fame_per_market_tile",
    "fame_per_3_river",
    "money_per_building",
    "money_per_yield_tile",
    "fame_per_curve",
    "money_per_upgrade",
    "fame_per_worker",
    "money_per_village",
)

MODULES: Final = (
    "navaratnas",
    "mixed_groups",
    "ganga",
    "ganga2",
    "mango",
    "shalimar",
    "tiger",
    "fate",
    "gemstone",
)


def layout_for(players: int) -> str:
    """The board layout for a player count: side 2p, or side 3-4p with covers at 3."""
    return {2: "2p", 3: "3p", 4: "4p"}[players]


def river_side(players: int) -> str:
    """The double-sided main board has one river per side."""
    return "2p" if players == 2 else "34p"


def default_options() -> dict[str, Any]:
    """A base game with no module; facts known of the owner's copy are added by the service."""
    return {"modules": [], "experienced": [], "facts": {}, "rules": RULES_VERSION}
