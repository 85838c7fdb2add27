""""This or worse" (issue 22): a procedure whose result rows are a severity scale in its seed declares so
(``ProcedureSpec.worse``), and its odds give each result's chance of that result or a worse one, exactly, in the
Python API, ``warroom odds --json`` and the desk's API alike. Procedures declaring no order get no such figure.

The figures are worked out by hand from the seeds' tables, not read back from warroom.
"""

from __future__ import annotations

import json
from fractions import Fraction
from itertools import pairwise

import pytest
from click.testing import CliRunner
from fastapi.testclient import TestClient

from warroom.cli.app import cli
from warroom.core import api
from warroom.core.registry import ProcedureSpec, get_procedure, procedures
from warroom.web.app import create_app

RULE = pytest.mark.rule


@pytest.fixture(scope="module")
def client(tmp_path_factory: pytest.TempPathFactory) -> TestClient:
    return TestClient(create_app(tmp_path_factory.mktemp("worse") / "g.sqlite"))


HMG = {"weapon": "hmg", "range": 1}


def _hmg_by_hand() -> tuple[list[Fraction], list[Fraction]]:
    """Seed 002 "Individual Unit Fire": an HMG rolls 4d6, each 5 or 6 a hit; "Unit Status, Hit Results and
    Rallying": one hit pins, two suppress, three or more destroy a unit in good order."""
    hit, miss = Fraction(1, 3), Fraction(2, 3)
    hits = [miss**4, 4 * hit * miss**3, 6 * hit**2 * miss**2]
    each = [hits[0], hits[1], hits[2], 1 - sum(hits)]  # good order, pinned, suppressed, destroyed
    return each, [sum(each[i:], Fraction(0)) for i in range(4)]


@RULE("002", "Unit Status, Hit Results and Rallying")
@RULE("002", "Individual Unit Fire")
def test_company_fire_hit_table_or_worse_by_hand() -> None:
    each, worse = _hmg_by_hand()
    assert worse == [1, Fraction(65, 81), Fraction(33, 81), Fraction(9, 81)]
    odds = api.odds("company-fire/individual-fire", HMG)
    assert odds.worse == "later"
    assert [p for _, p in odds.distribution] == each
    assert list(odds.or_worse() or ()) == worse
    rows = odds.to_dict()["results"]
    assert [(r["result"], Fraction(r["or_worse"])) for r in rows] == list(
        zip(("good order", "pinned", "suppressed", "destroyed"), worse, strict=True))
    assert rows[0]["or_worse"] == "1" and rows[-1]["or_worse"] == rows[-1]["probability"]


@RULE("003", "MINES")
def test_a_scale_listed_worst_first_adds_up_from_the_top() -> None:
    """Seed 003 "MINES": an AT mine on a vehicle of 20 tons or less, K 01-20, I 21-85, N 86-100: K is the worst
    row and is listed first, so "I or worse" is K and I."""
    odds = api.odds("terrain-mines/at-mine", {"target": "afv", "tons": 10})
    assert odds.worse == "earlier"
    assert odds.as_dict() == {"K: killed": Fraction(20, 100), "I: immobilised": Fraction(65, 100),
                              "N: no effect": Fraction(15, 100)}
    assert odds.or_worse() == (Fraction(20, 100), Fraction(85, 100), Fraction(1))


@pytest.mark.parametrize("spec", [s for s in procedures() if s.worse is not None], ids=lambda s: s.id)
def test_every_declared_scale_ends_in_its_own_probability_and_starts_at_one(spec: ProcedureSpec) -> None:
    """For every procedure declaring a scale, at its example: the best row's "or worse" is 1, the worst row's is its
    own probability, and the figures never grow towards the worse end."""
    odds = api.odds(spec.id, dict(spec.example))
    cumulative = odds.or_worse()
    assert cumulative is not None
    chances = [p for _, p in odds.distribution]
    if spec.worse == "earlier":
        cumulative, chances = cumulative[::-1], chances[::-1]
    assert cumulative[0] == 1 and cumulative[-1] == chances[-1]
    assert all(a >= b for a, b in pairwise(cumulative))


def test_no_order_is_invented_where_none_is_declared(client: TestClient) -> None:
    """Rally (rallied or failed) and close assault (a scale for two sides at once) declare none."""
    for proc, params in (("company-fire/close-assault", {}), ("company-fire/rally", {"status": "pinned"})):
        assert get_procedure(proc).worse is None
        odds = api.odds(proc, params)
        assert odds.or_worse() is None and "worse" not in odds.to_dict()
        assert all("or_worse" not in r for r in odds.to_dict()["results"])
        answer = client.post(f"/api/odds/{proc}", json={"params": params})
        if answer.status_code == 200:
            assert all("or_worse" not in r for r in answer.json()["results"])


@RULE("002", "Unit Status, Hit Results and Rallying")
def test_the_cli_and_the_desk_give_the_same_or_worse(client: TestClient) -> None:
    _, worse = _hmg_by_hand()
    result = CliRunner().invoke(cli, ["odds", "company-fire/individual-fire", "weapon=hmg", "range=1", "--json"])
    assert result.exit_code == 0, result.output
    cli_rows = json.loads(result.output)["results"]
    desk = client.post("/api/odds/company-fire/individual-fire", json={"params": HMG}).json()
    assert desk["worse"] == "later"
    assert [Fraction(r["or_worse"]) for r in cli_rows] == worse
    assert [(r["or_worse"], r["or_worse_percent"]) for r in desk["results"]] == [
        (r["or_worse"], r["or_worse_percent"]) for r in cli_rows]
    assert [Fraction(r["or_worse_exact"]) for r in desk["results"]] == worse
    assert [r["or_worse_p"] for r in desk["results"]] == [float(w) for w in worse]
    assert desk["results"][1]["or_worse_shown"] == "80.247%"
