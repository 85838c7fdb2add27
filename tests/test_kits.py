"""Each game's kit (:mod:`warroom.core.kit`): every shipped game has one that answers for its AI, its learning
environments, its fog twins and its umpire's view; a game with no kit gets the plain one, whose parts with no
plain answer say what the game lacks, and the callers above the games (the AI's players, the learning
environments, the fog tools) pass that on naming what they do play. A toy game's kit plugs its tactics in
without touching ``warroom/ai``."""

from __future__ import annotations

import ast
import random
from collections.abc import Hashable, Iterator
from pathlib import Path
from types import SimpleNamespace

import numpy as np
import pytest

from test_game_interface import Race
from warroom import ai
from warroom.ai.belief import dealer, sampler_games
from warroom.ai.heuristic import policy_games
from warroom.core import kit as kit_module
from warroom.core.errors import UsageError
from warroom.core.game import load_game, shipped_scenarios
from warroom.core.kit import Kit, NotInKit, kit_of, kits, register_kit
from warroom.present.views import umpire_observation
from warroom.tools.fog import twin_games, twins

SHIPPED = sorted(shipped_scenarios())
SOURCE = Path(ai.__file__).resolve().parent.parent
ABOVE = ("ai", "cli", "core", "lab", "play", "present", "rl", "sim", "terminal", "tools", "umpire", "web")
ASKING = sorted(p for d in ABOVE for p in (SOURCE / d).rglob("*.py"))
"""The modules that ask a game's kit and never name a game: every module but the games' own (``rulesets/``) and
their kits (``kits/``)."""


@pytest.fixture
def toy_kits(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Kits registered in the test are gone after it."""
    monkeypatch.setattr(kit_module, "_REGISTERED", {})
    kit_module._declared.cache_clear()
    yield
    monkeypatch.undo()
    kit_module._declared.cache_clear()


def test_every_shipped_game_has_its_own_kit() -> None:
    assert sorted(kits()) == SHIPPED
    for ruleset in SHIPPED:
        kit = kit_of(ruleset)
        assert type(kit) is not Kit and kit.ruleset == ruleset and kit.label
        assert kit.measure in ("grid", "inches")


@pytest.mark.parametrize("ruleset", SHIPPED)
def test_a_shipped_games_kit_answers_for_its_ai_its_learning_environments_and_its_fog(ruleset: str) -> None:
    kit = kit_of(ruleset)
    tactics = kit.heuristic()
    assert callable(tactics.choose) and callable(tactics.scores)
    sampler = kit.belief()
    assert callable(sampler.dealer) and callable(sampler.reseed)
    assert kit.fog_twins() is not None
    assert kit.env_prefix and kit.env_prefix.isidentifier()
    assert kit.kind_weights() and all(w > 0 for w in kit.kind_weights().values())
    assert ruleset in policy_games() and ruleset in sampler_games() and ruleset in twin_games()
    pytest.importorskip("gymnasium")
    game = load_game(ruleset, shipped_scenarios()[ruleset][0])
    table = kit.action_table(game)
    planes, vector = kit.encoder(game).encode(game.initial_state(1).observation(game.sides[0]))
    assert table.size > 0 and planes.ndim == 3 and vector.ndim == 1


def test_the_games_tell_their_own_actions_each_in_its_way() -> None:
    assert kit_of("company-fire").tells_action_text and not kit_of("brigade").tells_action_text
    assert (kit_of("company-fire").measure, kit_of("brigade").measure) == ("grid", "inches")


def test_a_game_with_no_kit_gets_the_plain_one_whose_missing_parts_say_what_the_game_lacks() -> None:
    kit = kit_of("race")
    assert type(kit) is Kit and kit.ruleset == "race"
    game = Race()
    for part, said in ((kit.heuristic, "the heuristic player has no tactics for race"),
                       (kit.belief, "no belief sampler for race"),
                       (lambda: kit.encoder(game), "no learning environment for race"),
                       (lambda: kit.action_table(game), "no learning environment for race")):
        with pytest.raises(NotInKit) as caught:
            part()
        assert str(caught.value) == said
    assert (kit.fog_twins(), kit.env_prefix, dict(kit.kind_weights()), kit.tells_action_text) == (None, "", {}, True)
    state = game.initial_state(1)
    assert twins("race", state, "red", random.Random(1)) == []
    assert umpire_observation(game, state) == {**state.observation("red"), "umpire": True}


def test_the_ai_refuses_a_game_with_no_tactics_naming_the_games_it_plays() -> None:
    game = Race()
    state = game.initial_state(1)
    view = ai.View(game, state, "red")
    plays = ", ".join(policy_games())
    assert plays == "brigade, company-fire"
    with pytest.raises(UsageError) as caught:
        ai.player("heuristic").choose(view, np.random.default_rng(1))
    assert str(caught.value) == f"the heuristic player has no tactics for race; it plays {plays}"
    assert not ai.plays(ai.player("heuristic"), "race") and not ai.plays(ai.player("search"), "race")
    with pytest.raises(UsageError) as dealt:
        dealer(view)
    assert str(dealt.value) == f"no belief sampler for race; samplers: {', '.join(sampler_games())}"


def test_a_game_with_no_learning_environment_is_refused_naming_those_that_have_one() -> None:
    pytest.importorskip("gymnasium")
    from warroom.rl.actions import action_table
    from warroom.rl.core import load

    for refused in (lambda: load(Race()), lambda: action_table(Race())):
        with pytest.raises(UsageError) as caught:
            refused()
        assert str(caught.value) == "no learning environment for race; games: brigade, company-fire"


def test_a_toy_games_kit_plugs_its_tactics_into_the_heuristic_player(toy_kits: None) -> None:
    def choose(view: ai.View, rng: np.random.Generator, aggression: float) -> Hashable:
        return "advance" if aggression > 0.3 else "hold"

    class RaceKit(Kit):
        ruleset = "race"
        label = "Race"

        def heuristic(self) -> SimpleNamespace:
            return SimpleNamespace(choose=choose, scores=lambda view, aggression: None)

    register_kit(RaceKit())
    assert "race" in policy_games()
    game = Race()
    view = ai.View(game, game.initial_state(1), "red")
    rng = np.random.default_rng(1)
    assert ai.player("heuristic").choose(view, rng) == "advance"
    assert ai.player("heuristic:aggression=0.1").choose(view, rng) == "hold"
    assert ai.plays(ai.player("heuristic"), "race")


@pytest.mark.parametrize("path", ASKING, ids=lambda p: str(p.relative_to(SOURCE)))
def test_the_modules_above_the_games_name_no_game_and_load_nothing_by_name(path: Path) -> None:
    """No string of the code (docstrings aside) is a shipped game's id, and no module is imported by a name
    made at run time: each asks the game's kit."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    docstrings = {id(node.body[0].value) for node in ast.walk(tree)
                  if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef)
                  and node.body and isinstance(node.body[0], ast.Expr) and isinstance(node.body[0].value, ast.Constant)}
    named = [f"line {node.lineno}: {node.value!r}" for node in ast.walk(tree)
             if isinstance(node, ast.Constant) and node.value in SHIPPED and id(node) not in docstrings]
    loaded = [f"line {node.lineno}" for node in ast.walk(tree) if isinstance(node, ast.Call)
              and isinstance(node.func, ast.Attribute) and node.func.attr == "import_module"]
    assert not named and not loaded, (named, loaded)
