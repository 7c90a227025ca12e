"""Variants and Goodie Box modules, each switched on by name in options["modules"]."""
