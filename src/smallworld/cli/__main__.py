"""``python -m smallworld.cli``: the ``smallworld`` command."""

from smallworld.cli import main

if __name__ == "__main__":
    main()
