"""The browser game: a thin ASGI app (:mod:`skat.server.app`) over the core, and its static client.

The server keeps no game state (docs/design.md, decision 5): the browser posts the record of the
deal with each action, and :mod:`skat.server.game` replays, checks, applies and answers.
"""

from skat.server.app import create_app

__all__ = ["create_app"]
