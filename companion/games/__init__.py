"""Games: each a package of rules as data plus small pure functions, behind companion.games.base.Game."""
