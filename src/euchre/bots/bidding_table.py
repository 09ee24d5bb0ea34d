"""Weights of the bidding model (:mod:`euchre.bots.bidding`), written by bench/calibrate.py."""

MAKE: tuple[float, ...] = ()
MARCH: tuple[float, ...] = ()
ALONE_MAKE: tuple[float, ...] = ()
ALONE_MARCH: tuple[float, ...] = ()
PASS_POINTS: tuple[float, ...] = ()
