"""``python -m warroom``: the same as the ``warroom`` command."""

from warroom.cli import main

main()
