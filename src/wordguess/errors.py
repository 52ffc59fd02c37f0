"""The errors the library raises for bad input: each message is one line saying what was wrong
and what is accepted, so a front end can show it as it is."""

import re

_SIGNALLED = [False]  # set by the front ends' Ctrl-C and SIGTERM handlers (note_interrupt)


def note_interrupt() -> None:
    """Record that Ctrl-C or SIGTERM came: the KeyboardInterrupt a handler raises can be lost
    where it lands (numba's argument unboxing replaces it with "TypeError: can't unbox ...")."""
    _SIGNALLED[0] = True


def interrupt_noted() -> bool:
    """Return whether a front end's handler noted Ctrl-C or SIGTERM (note_interrupt)."""
    return _SIGNALLED[0]


def interrupted(exc: BaseException) -> bool:
    """Return whether an exception is Ctrl-C (or a SIGTERM made into one): KeyboardInterrupt, an
    exception raised while handling one (the SystemError a compiled kernel's call raises when the
    interrupt comes as it returns), or any exception once a handler noted an interrupt."""
    seen: set[int] = set()
    while exc is not None and id(exc) not in seen:
        if isinstance(exc, KeyboardInterrupt):
            return True
        seen.add(id(exc))
        exc = exc.__cause__ or exc.__context__
    return _SIGNALLED[0]


LONG_RUN = re.compile(r"[^\s/'\"]{80,}")  # a run of text that no word, reply or part of a file name is
SHOWN_OF_RUN = 40  # the characters of such a run a message shows


def shortened(message: str) -> str:
    """Return the message with every run of 80 or more characters (no space, slash or quote: a
    word of thousands of letters pasted by mistake) cut to its first 40 and its length, so an
    error stays one line that echoes what was typed without repeating all of it."""
    return LONG_RUN.sub(lambda m: f"{m.group()[:SHOWN_OF_RUN]}… ({len(m.group()):,} characters)", message)


class WordguessError(ValueError):
    """Base class of every user-facing error of the library. Its message is `shortened`."""

    def __str__(self) -> str:
        return shortened(super().__str__())


class UnknownNameError(WordguessError):
    """A registry lookup (game, strategy, word list, host) found no such name."""


class WordError(WordguessError):
    """A word is not valid for the game, or not in the word list."""


class ReplyError(WordguessError):
    """A reply is malformed, impossible, or contradicts earlier replies."""


def unknown_name(kind: str, name: str, choices) -> UnknownNameError:
    """Return the error for an unknown `name` of `kind`, listing the valid choices."""
    return UnknownNameError(f"unknown {kind} {name!r}; choose one of: {', '.join(sorted(choices))}")
