"""The rules, one module per area of the board; each works on the private copy of the state."""
