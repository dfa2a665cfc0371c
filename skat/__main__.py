"""``python -m skat``: the command line of ``skat`` (:func:`skat.cli.main`), for a newcomer who
starts it that way."""

import sys

from skat.cli import main

sys.exit(main())
