"""The refusals of the web API, each a :class:`UsageError` (one clear message) with its HTTP status: any other
``UsageError`` is a bad value (400)."""

from __future__ import annotations

from warroom.core.errors import UsageError


class Refused(UsageError):
    status = 400


class Forbidden(Refused):
    """No token, or a token that does not play the game or the side asked for."""

    status = 403


class NotFound(Refused):
    """No such game or scenario."""

    status = 404


class Conflict(Refused):
    """The game has moved on, it is not the side's turn, or what is asked cannot be done now."""

    status = 409


def status_of(exc: UsageError) -> int:
    return exc.status if isinstance(exc, Refused) else 400
