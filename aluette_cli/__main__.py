"""``python -m aluette_cli`` (and the ``aluette`` command) runs the command line."""

import os
import signal


def run() -> None:
    """Start the command line, quiet on Ctrl-C from the very first instant.

    Importing the command line takes a moment (the grammar, the engine); a
    Ctrl-C then would show Python's traceback.  Until :func:`cli.main` puts
    its own handler in place, Ctrl-C ends the process at once with one line
    and status 130: nothing has been written yet that needs undoing.
    """

    def interrupted(signum: int, frame: object) -> None:
        os.write(2, b"aluette: interrupted\n")
        os._exit(130)

    signal.signal(signal.SIGINT, interrupted)
    from .cli import main

    main()


if __name__ == "__main__":
    run()
