"""The errors the library raises for bad input: each message is one line saying what was wrong
and what is accepted, so a front end can show it as it is."""


def interrupted(exc: BaseException) -> bool:
    """Return whether an exception is Ctrl-C (or a SIGTERM made into one): KeyboardInterrupt, or
    the SystemError a compiled kernel's call raises when the interrupt comes as it returns."""
    cause = exc.__cause__ or exc.__context__
    return isinstance(exc, KeyboardInterrupt) or (isinstance(exc, SystemError) and isinstance(cause, KeyboardInterrupt))


class WordguessError(ValueError):
    """Base class of every user-facing error of the library."""


class UnknownNameError(WordguessError):
    """A registry lookup (game, strategy, word list, host) found no such name."""


class WordError(WordguessError):
    """A word is not valid for the game, or not in the word list."""


class ReplyError(WordguessError):
    """A reply is malformed, impossible, or contradicts earlier replies."""


def unknown_name(kind: str, name: str, choices) -> UnknownNameError:
    """Return the error for an unknown `name` of `kind`, listing the valid choices."""
    return UnknownNameError(f"unknown {kind} {name!r}; choose one of: {', '.join(sorted(choices))}")
