"""``python -m euchre``: the same as the ``euchre`` command."""

from euchre.cli import main

main()
