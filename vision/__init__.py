"""Camera sources, dice reading (pips, colour), settling and zones. Knows nothing of the companion."""
