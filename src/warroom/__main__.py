"""``python -m warroom``: the same as the ``warroom`` command."""

from warroom.cli import main

if __name__ == "__main__":
    main()
