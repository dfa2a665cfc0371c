"""Skat under the International Skat Order (ISkO): rules core, solver, computer players, web game.

The core modules are named after Skat nouns: :mod:`skat.cards`, :mod:`skat.deal`,
:mod:`skat.rules`, :mod:`skat.options`, :mod:`skat.contract`, :mod:`skat.scoring`,
:mod:`skat.bidding`, :mod:`skat.action`, :mod:`skat.phases`, :mod:`skat.state`,
:mod:`skat.series`, :mod:`skat.bock`, :mod:`skat.record`.
"""

__version__ = "0.1.0"
