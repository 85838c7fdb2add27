"""The umpire's desk with the dice thrown at the table: ``POST /api/desk/{ruleset}/{procedure}/throw``.

The page sends the procedure's parameters and the faces thrown so far, in the order thrown (each as ``warroom roll
--dice`` takes it: a die's face, each die of a pool, a percentile roll's number, a card such as ``QH``); the server
plays the procedure with them (:func:`warroom.core.api.thrown_so_far`, the code ``--dice`` runs) and answers the next
throw to ask for (its wording, the die's faces or the cards left, how many faces it takes, those already given) or,
once the faces cover every throw, the ruling with the odds of its result, the ruling warroom's own dice would give
had they thrown those faces. Nothing is kept between requests: the same faces always give the same answer, and an
undone face is the same request with one face fewer. A face that is not one is one 400 with what the throw needs.
"""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Request
from pydantic import Field

from warroom.core import api
from warroom.core.base_tables import recording_stand_ins, using_base_tables
from warroom.core.errors import WarroomError
from warroom.core.evaluate import NextThrow
from warroom.present.odds import odds_of_result
from warroom.web import models as m
from warroom.web.desk import EXACT, OddsRequest, _exact, _read_params, _refused, _session, _spec

FACES = 600
"""The most faces one request may give (a long process of many turns of many dice is well under it)."""

router = APIRouter(tags=["desk"])


class ThrowRequest(OddsRequest):
    faces: list[Annotated[str, Field(max_length=16)]] = Field(
        default_factory=list, max_length=FACES,
        description="the faces thrown so far, in the order thrown: 3, 6, QH (or Q\u2665, joker), 57 (a d%)")


def _asked(wanted: NextThrow) -> dict[str, Any]:
    node = wanted.node
    kind = "card" if node.kind == "draw" else "percentile" if node.kind == "percentile" else "dice"
    return {"number": wanted.throws + 1, "label": wanted.label, "spec": node.spec, "asking": wanted.asking,
            "kind": kind, "count": node.words, "given": list(wanted.given), "sides": list(node.dice_sides),
            "cards": [str(c) for c in node.args[0]] if kind == "card" else []}


@router.post("/api/desk/{ruleset}/{procedure}/throw", response_model=m.Throwing, **EXACT)
def throw(ruleset: str, procedure: str, body: ThrowRequest, request: Request) -> dict[str, Any]:
    """Roll with the dice thrown at the table, one throw at a time: the next throw to ask for (its wording, the
    faces of its dice or the cards left, how many, those given toward it, the ruling's steps until it), or the
    finished ruling (as ``warroom roll --dice FACES --json``) with the odds of its result."""
    spec = _spec(ruleset, procedure)
    values = _read_params(spec, body.params)
    faces = [f.strip() for f in body.faces]
    with _session(request, body.session) as session:
        try:
            with session.tables(spec) if session is not None else using_base_tables(spec.ruleset, None):
                with recording_stand_ins() as stand_ins:
                    played = api.thrown_so_far(spec, spec.bind(values), faces)
                if isinstance(played, NextThrow):
                    steps = [session.scrub(s) for s in played.steps] if session is not None else list(played.steps)
                    return {"faces": faces, "steps": steps, "next": _asked(played)}
                exact = api.odds(spec.id, values)
        except WarroomError as exc:
            raise _refused(exc, session) from None
    out = played.to_dict()
    if session is not None:
        out["steps"] = [session.scrub(s) for s in out["steps"]]
        out["text"] = session.scrub(out["text"])
    return {"faces": faces, "ruling": out, "stand_ins": sorted(stand_ins),
            "odds_of_result": {"result": played.result, **_exact(exact[played.result]),
                               "text": odds_of_result(exact, played)}}
