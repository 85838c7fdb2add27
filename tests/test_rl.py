"""The learning environments (warroom.rl, docs/rl.md): PettingZoo's and Gymnasium's own conformance tests, the
action index and its mask against the rules' legal actions, seeds, rewards, the structured form, rendering and
errors. Fog of war on the tensors is in tests/test_rl_fog.py."""

from __future__ import annotations

import random
import subprocess
import sys
import types
import warnings
from typing import Any

import gymnasium as gym
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env
from pettingzoo.test import api_test, max_cycles_test, performance_benchmark, seed_test

from warroom import rl
from warroom.core.errors import UsageError
from warroom.core.game import find_scenario, load_game, shipped_scenarios
from warroom.rl.actions import ROUTES, action_table

RULE = pytest.mark.rule
ONE_OF_EACH = ["crossroads_patrol", "ponyri"]
"""One scenario of each game: Company Fire's smallest, Brigade's smallest."""

pytestmark = pytest.mark.filterwarnings("ignore::UserWarning")


def masked_choice(mask: np.ndarray, rng: np.random.Generator) -> int:
    legal = np.flatnonzero(mask)
    assert len(legal) > 0, "the side to act has no legal index"
    return int(legal[rng.integers(len(legal))])


# --- PettingZoo and Gymnasium's own tests ---------------------------------------------------------------------


@pytest.mark.parametrize("scenario", ONE_OF_EACH)
def test_pettingzoo_api_test(scenario: str) -> None:
    api_test(rl.env(scenario), num_cycles=300)


@pytest.mark.parametrize("scenario", ONE_OF_EACH)
def test_pettingzoo_seed_test(scenario: str) -> None:
    seed_test(lambda: rl.env(scenario), num_cycles=200)


@pytest.mark.parametrize("scenario", ONE_OF_EACH)
def test_pettingzoo_max_cycles_test(scenario: str) -> None:
    """The cyclic turn order, where PettingZoo's max_cycles test samples actions without the mask: an illegal one
    is skipped, so the episode is cut after exactly max_cycles cycles."""
    mod = types.SimpleNamespace(
        env=lambda max_cycles: rl.env(scenario, turns="cycle", illegal="skip", max_cycles=max_cycles),
        parallel_env=lambda max_cycles: rl.parallel_env(scenario, illegal="skip", max_cycles=max_cycles))
    max_cycles_test(mod)


@pytest.mark.slow
@pytest.mark.parametrize("scenario", ONE_OF_EACH)
def test_pettingzoo_performance_benchmark(scenario: str, capsys: pytest.CaptureFixture[str]) -> None:
    performance_benchmark(rl.env(scenario))
    out = capsys.readouterr().out
    turns = float(next(line for line in out.splitlines() if line.endswith("turns per second")).split()[0])
    assert turns > 0


@pytest.mark.parametrize("scenario", ONE_OF_EACH)
def test_gymnasium_check_env(scenario: str) -> None:
    """check_env steps an action sampled without the mask, so the environment is made to skip illegal actions."""
    check_env(rl.gym_env(scenario, opponent="random", illegal="skip"))


def test_every_shipped_scenario_is_registered_and_makes_an_environment() -> None:
    ids = rl.register_envs()
    expected = {f"warroom/{'CompanyFire' if r == 'company-fire' else 'Brigade'}-{p.stem}-v0"
                for r, paths in shipped_scenarios().items() if r in ("company-fire", "brigade") for p in paths}
    assert set(ids) == expected
    assert "warroom/CompanyFire-crossroads_patrol-v0" in gym.registry
    env = gym.make("warroom/Brigade-ponyri-v0", side="soviet", opponent="random")
    obs, _ = env.reset(seed=3)
    assert env.unwrapped.side == "soviet"  # type: ignore[attr-defined]
    assert obs["action_mask"].sum() > 0 or env.unwrapped.match.state.is_terminal()  # type: ignore[attr-defined]
    env.close()


def test_usable_in_a_gymnasium_vector_environment() -> None:
    fns = [lambda: rl.gym_env("crossroads_patrol", "attacker", opponent="random") for _ in range(2)]
    vec = gym.vector.SyncVectorEnv(fns)
    obs, _ = vec.reset(seed=[1, 2])
    assert obs["planes"].shape[0] == 2 and obs["action_mask"].shape == (2, 24051)
    rng = np.random.default_rng(0)
    for _ in range(30):
        # a finished game's last observation has no legal index: the vector resets it at the next step, whatever
        # the action
        actions = np.array([masked_choice(m, rng) if m.any() else 0 for m in obs["action_mask"]])
        obs, rewards, _, _, _ = vec.step(actions)
        assert rewards.shape == (2,)
    vec.close()


# --- the action index and its mask ----------------------------------------------------------------------------


def test_action_space_sizes_worked_out_by_hand() -> None:
    """Crossroads Patrol: 8 units, 8 x 8 spaces. Company Fire's 37 kinds read as (docs/rl.md "Actions"): 3 with no
    field (3), occupy a space (64), 14 a unit (14 x 8 = 112), 9 a unit and a space (9 x 8 x 64 = 4,608), 3 a unit,
    a space and a route rank (3 x 8 x 64 x 6 = 9,216), 4 a unit and another (4 x 8 x 8 = 256), 2 a unit, a space and
    perhaps another (2 x 8 x 64 x 9 = 9,216), op fire a unit and a unit or a space (8 x 72 = 576): 24,051.
    Ponyri: 17 units, 2 batteries, 11 features, 2 aiming points, 16 destinations: 10,020 (the sum in docs/rl.md)."""
    cf = action_table(load_game("company-fire", "crossroads_patrol"))
    assert (len(cf.units), ROUTES) == (8, 6)
    assert cf.size == 3 + 64 + 112 + 4608 + 9216 + 256 + 9216 + 576 == 24051
    br = action_table(load_game("brigade", "ponyri"))
    assert br.size == 10020


def test_an_action_has_the_index_worked_out_by_hand() -> None:
    """'end the segment' is the first verb's only index (0); a move of the n-th unit to space (c, r) by its first
    route is 1 + n x (64 x 6) + (c + 8 r) x 6 (after the one index of "end")."""
    game = load_game("company-fire", "crossroads_patrol")
    table = action_table(game)
    state = game.initial_state(1)
    rng = random.Random(1)
    while True:
        by_index = table.legal(state.legal_actions())
        moves = [(i, a) for i, a in by_index.items() if a.kind == "move" and not a.via]  # type: ignore[attr-defined]
        if moves:
            break
        state = state.apply(rng.choice(state.legal_actions()))
    i, a = moves[0]
    n = game.ids.index(a.unit)  # type: ignore[attr-defined]
    c, r = a.space  # type: ignore[attr-defined]
    assert i == 1 + n * 384 + (c + 8 * r) * 6
    ends = [i for i, a in by_index.items() if a.kind == "end"]  # type: ignore[attr-defined]
    assert ends in ([], [0])


def _agree(scenario: str, states: int, seed0: int = 0) -> int:
    """Walk random games; at each state the mask's indices decode to exactly the legal actions. The states seen."""
    ruleset = "company-fire" if scenario in {p.stem for p in shipped_scenarios()["company-fire"]} else "brigade"
    game = load_game(ruleset, scenario)
    table = action_table(game)
    seen = 0
    seed = seed0
    while seen < states:
        state = game.initial_state(seed)
        rng = random.Random(seed)
        while not state.is_terminal() and seen < states:
            legal = list(state.legal_actions())
            by_index = table.legal(legal)
            mask = table.mask(by_index)
            assert int(mask.sum()) == len(legal) == len(set(legal))
            assert sorted(map(repr, (by_index[int(i)] for i in np.flatnonzero(mask)))) == sorted(map(repr, legal))
            assert set(by_index.values()) == set(legal)
            for index in by_index:
                assert table.flat(*table.structured(index)) == index
            seen += 1
            state = state.apply(rng.choice(legal))
        seed += 1
    return seen


@pytest.mark.parametrize("scenario", ONE_OF_EACH)
def test_mask_and_legal_actions_agree_on_a_thousand_states(scenario: str) -> None:
    assert _agree(scenario, 1000) == 1000


@pytest.mark.slow
@pytest.mark.parametrize("scenario", sorted(p.stem for r, ps in shipped_scenarios().items()
                                            if r in ("company-fire", "brigade") for p in ps))
def test_mask_and_legal_actions_agree_on_every_shipped_scenario(scenario: str) -> None:
    assert _agree(scenario, 4000, seed0=100) == 4000


def _masked_random_steps(scenario: str, steps: int) -> tuple[int, int]:
    """``steps`` masked random steps of the AEC environment with illegal actions raising: (steps, episodes)."""
    env = rl.env(scenario, illegal="raise")
    rng = np.random.default_rng(11)
    episodes = 1
    env.reset(seed=0)
    for _ in range(steps):
        agent = env.agent_selection
        if env.terminations[agent] or env.truncations[agent]:
            env.reset(seed=episodes)
            episodes += 1
            agent = env.agent_selection
        env.step(masked_choice(env.observe(agent)["action_mask"], rng))
    return steps, episodes


def test_masked_random_play_is_never_illegal_quick() -> None:
    assert _masked_random_steps("crossroads_patrol", 1500)[1] >= 1


@pytest.mark.slow
@pytest.mark.parametrize("scenario", ONE_OF_EACH)
def test_masked_random_play_for_ten_thousand_steps_is_never_illegal(scenario: str) -> None:
    steps, episodes = _masked_random_steps(scenario, 10_000)
    assert steps == 10_000 and episodes > 1


# --- seeds, rewards, turn orders ------------------------------------------------------------------------------


def _aec_episode(scenario: str, seed: int, steps: int = 400, **options: Any) -> list[Any]:
    env = rl.env(scenario, **options)
    env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    trace: list[Any] = []
    for agent in env.agent_iter(steps):
        obs, reward, term, trunc, _ = env.last()
        trace.append((agent, obs["planes"].tobytes(), obs["vector"].tobytes(), reward, term, trunc))
        env.step(None if term or trunc else masked_choice(obs["action_mask"], rng))
    return trace


@pytest.mark.parametrize("scenario", ONE_OF_EACH)
def test_same_seed_gives_the_same_episode(scenario: str) -> None:
    assert _aec_episode(scenario, 5) == _aec_episode(scenario, 5)
    assert _aec_episode(scenario, 5) != _aec_episode(scenario, 6)


def test_same_seed_gives_the_same_episode_against_the_heuristic() -> None:
    def episode(seed: int) -> list[Any]:
        env = rl.gym_env("crossroads_patrol", "attacker", opponent="heuristic")
        obs, _ = env.reset(seed=seed)
        rng = np.random.default_rng(seed)
        out = [obs["planes"].tobytes()]
        for _ in range(30):
            obs, reward, term, trunc, _ = env.step(masked_choice(obs["action_mask"], rng))
            out.append((obs["planes"].tobytes(), reward, term))
            if term or trunc:
                break
        return out

    assert episode(9) == episode(9)
    assert episode(9) != episode(10)


@RULE("004", "Winning and Losing")
def test_the_result_is_plus_one_minus_one() -> None:
    """Played to the end: the winner's rewards add up to +1, the loser's to -1 (no shaping)."""
    env = rl.env("crossroads_patrol")
    env.reset(seed=2)
    rng = np.random.default_rng(2)
    total = dict.fromkeys(env.possible_agents, 0.0)
    for agent in env.agent_iter(20_000):
        obs, reward, term, trunc, _ = env.last()
        total[agent] += reward
        env.step(None if term or trunc else masked_choice(obs["action_mask"], rng))
    winner = env.match.state.result()["winner"]
    assert winner in env.possible_agents
    assert total == {s: (1.0 if s == winner else -1.0) for s in env.possible_agents}


@RULE("002", "Scale")
def test_shaped_objective_points_from_the_opening_position() -> None:
    """Crossroads Patrol opens with the houses (3 points) and the barn (1 point) held by the defender: the
    objective tally is -4 for the attacker and +4 for the defender; no losses yet."""
    env = rl.env("crossroads_patrol", shaping={"objective_points": 0.1, "losses": 0.5})
    env.reset(seed=1)
    assert env.match.tally("attacker") == (-4.0, 0.0)
    assert env.match.tally("defender") == (4.0, 0.0)


def test_shaped_losses_reward_each_unit_destroyed() -> None:
    """With losses weighted 0.5, the step in which one attacker unit is destroyed (and nothing else changes for
    the tallies) gives the attacker -0.5 and the defender +0.5."""
    env = rl.env("crossroads_patrol", shaping={"losses": 0.5})
    rng = np.random.default_rng(4)
    checked = 0
    for seed in range(6):
        env.reset(seed=seed)
        while not (env.terminations[env.agent_selection] or env.truncations[env.agent_selection]):
            before = [u.status for u in env.match.state.units]  # type: ignore[attr-defined]
            obs = env.observe(env.agent_selection)
            env.step(masked_choice(obs["action_mask"], rng))
            after = [u.status for u in env.match.state.units]  # type: ignore[attr-defined]
            sides = env.match.game.side_of  # type: ignore[attr-defined]
            newly = [sides[i] for i, (a, b) in enumerate(zip(before, after, strict=True))
                     if b == "destroyed" and a != "destroyed"]
            if newly == ["attacker"] and not env.match.state.is_terminal():
                assert env.rewards == {"attacker": -0.5, "defender": 0.5}
                checked += 1
    assert checked > 0


def test_cyclic_turns_wait_for_the_side_not_to_act() -> None:
    env = rl.env("crossroads_patrol", turns="cycle")
    env.reset(seed=1)
    n = action_table(env.match.game).size
    rng = np.random.default_rng(0)
    for _ in range(40):
        agent = env.agent_selection
        mask = env.observe(agent)["action_mask"]
        assert mask.shape == (n + 1,)
        if env.match.to_act != agent:
            assert np.flatnonzero(mask).tolist() == [n]
        else:
            assert mask[n] == 0
        env.step(masked_choice(mask, rng))
    assert env.agent_selection == "attacker"  # 40 steps: 20 cycles of two


# --- the structured form --------------------------------------------------------------------------------------


def test_structured_actions_step_as_the_flat_index() -> None:
    flat = rl.env("ponyri")
    structured = rl.env("ponyri", actions="structured")
    flat.reset(seed=4)
    structured.reset(seed=4)
    table = action_table(flat.match.game)
    space = structured.action_space("german")
    assert list(space.nvec) == [len(table.units) + 1, len(table.verbs), table.max_targets]
    rng = np.random.default_rng(4)
    for _ in range(80):
        agent = flat.agent_selection
        obs = flat.observe(agent)
        index = masked_choice(obs["action_mask"], rng)
        unit, verb, target = table.structured(index)
        sobs = structured.observe(agent)
        assert sobs["unit_verb_mask"][unit, verb] == 1
        assert sobs["flat_mask"].tobytes() == obs["action_mask"].tobytes()
        assert int(sobs["unit_verb_mask"].sum()) == len({table.structured(int(i))[:2]
                                                         for i in np.flatnonzero(obs["action_mask"])})
        flat.step(index)
        structured.step(np.array([unit, verb, target]))
        assert flat.observe(agent)["planes"].tobytes() == structured.observe(agent)["planes"].tobytes()


def test_the_structured_form_passes_the_conformance_tests() -> None:
    """PettingZoo's api and seed tests and Gymnasium's check_env on the structured form; they sample the
    MultiDiscrete without a factorised mask, so illegal actions are skipped."""
    api_test(rl.env("crossroads_patrol", actions="structured", illegal="skip"), num_cycles=150)
    seed_test(lambda: rl.env("ponyri", actions="structured", illegal="skip"), num_cycles=60)
    check_env(rl.gym_env("ponyri", opponent="random", illegal="skip", actions="structured",
                         render_mode="rgb_array"))
    check_env(rl.gym_env("crossroads_patrol", opponent="random", illegal="skip", render_mode="ansi"))


# --- rendering and errors -------------------------------------------------------------------------------------


def test_render_ansi_and_rgb_array() -> None:
    text_env = rl.env("crossroads_patrol", render_mode="ansi", render_side="attacker")
    text_env.reset(seed=1)
    text = text_env.render()
    lines = text.splitlines()
    assert lines[0].startswith("Crossroads Patrol, as attacker sees it") or "as attacker sees it" in lines[0]
    assert len(lines) == 1 + 8
    img_env = rl.env("ponyri", render_mode="rgb_array", render_side="german")
    img_env.reset(seed=1)
    img = img_env.render()
    assert img.dtype == np.uint8 and img.shape == (20 * 16, 30 * 16, 3)
    planes = img_env.observe("german")["planes"]
    enc = img_env.match.encoder
    own = sum(planes[enc.p[n]] for n in enc.own_units)
    r, c = map(int, np.argwhere(own > 0)[0])
    assert img[r * 16 + 8, c * 16 + 8].tolist() == [30, 60, 200]


@pytest.mark.parametrize(("options", "message"), [
    ({"max_cycles": 0}, "max_cycles"),
    ({"actions": "factored"}, "allowed: flat"),
    ({"shaping": {"kills": 1.0}}, "no shaped reward 'kills'"),
    ({"illegal": "ignore"}, "allowed: raise"),
    ({"render_mode": "human"}, "allowed: ansi, rgb_array"),
    ({"turns": "simultaneous"}, "allowed: game"),
    ({"tune_gc": "yes"}, "tune_gc is 'yes'"),
])
def test_bad_options_are_one_clear_error(options: dict[str, Any], message: str) -> None:
    with pytest.raises(UsageError, match=message):
        rl.env("crossroads_patrol", **options)


def test_the_first_environment_tunes_the_collector_once_unless_told_not_to() -> None:
    """docs/rl.md "Speed": the first environment made with ``tune_gc`` (the default) freezes the heap and collects
    the youngest generation every 50,000 allocations; ``tune_gc=False`` leaves the collector as Python set it.
    Run in a fresh interpreter, as the collector is the process's."""
    script = (
        "import gc\n"
        "from warroom import rl\n"
        "before = gc.get_threshold()\n"
        "rl.env('crossroads_patrol', tune_gc=False).reset(seed=1)\n"
        "print(gc.get_threshold() == before, gc.get_freeze_count())\n"
        "rl.gym_env('crossroads_patrol', 'attacker', opponent='random').reset(seed=1)\n"
        "frozen = gc.get_freeze_count()\n"
        "print(gc.get_threshold()[0], frozen > 10_000)\n"
        "rl.env('crossroads_patrol').reset(seed=1)\n"
        "print(gc.get_freeze_count() == frozen)\n"
    )
    out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True).stdout
    assert out.split() == ["True", "0", "50000", "True", "True"]


def test_unknown_scenario_and_side_are_one_clear_error() -> None:
    with pytest.raises(UsageError, match="no scenario file or shipped scenario 'crossroad'"):
        rl.env("crossroad")
    with pytest.raises(UsageError, match="sides: german, soviet"):
        rl.gym_env("ponyri", "attacker")


def test_an_illegal_action_raises_loses_or_is_skipped() -> None:
    env = rl.env("crossroads_patrol")
    env.reset(seed=1)
    agent = env.agent_selection
    illegal = int(np.flatnonzero(env.observe(agent)["action_mask"] == 0)[0])
    before = env.observe(agent)["planes"].copy()
    with pytest.raises(UsageError, match="not one of its legal actions"):
        env.step(illegal)
    assert env.observe(agent)["planes"].tobytes() == before.tobytes()
    lose = rl.env("crossroads_patrol", illegal="lose")
    lose.reset(seed=1)
    lose.step(illegal)
    assert lose.rewards == {agent: -1.0, ("defender" if agent == "attacker" else "attacker"): 1.0}
    assert all(lose.terminations.values())
    skip = rl.env("crossroads_patrol", illegal="skip", illegal_penalty=0.25)
    skip.reset(seed=1)
    skip.step(illegal)
    assert skip.rewards[agent] == -0.25 and skip.agent_selection == agent
    assert skip.observe(agent)["planes"].tobytes() == before.tobytes()


def test_truncated_after_max_cycles_actions() -> None:
    env = rl.env("ponyri", max_cycles=25)
    env.reset(seed=0)
    rng = np.random.default_rng(0)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        for _ in range(25):
            env.step(masked_choice(env.observe(env.agent_selection)["action_mask"], rng))
    assert all(env.truncations.values()) and not any(env.terminations.values())


# --- the observation the tensors are built from ------------------------------------------------------------------


@pytest.mark.parametrize("scenario", ONE_OF_EACH)
def test_the_observation_without_its_log_is_the_observation_less_its_log(scenario: str) -> None:
    """``observation(side, log=False)``, which the tensors read, is the side's whole observation but for the lines
    of the last action ("log" in Company Fire, "narration" in Brigade), and a Company Fire state read so leaves
    its rulings unworded (wording them is most of an observation's cost)."""
    game = load_game(*find_scenario(scenario))
    key = "log" if game.ruleset == "company-fire" else "narration"
    rng = random.Random(3)
    state = game.initial_state(3)
    unworded = 0
    for _ in range(300):
        if state.is_terminal():
            break
        for side in game.sides:
            lean = state.observation(side, log=False)
            if game.ruleset == "company-fire":
                unworded += sum(not isinstance(line._text, str) for line in state.log)
            full = state.observation(side)
            assert key not in lean and key in full
            assert lean == {k: v for k, v in full.items() if k != key}
        state = state.apply(rng.choice(state.legal_actions()))
    if game.ruleset == "company-fire":
        assert unworded > 0  # rulings were there to word, and the lean read left them alone


@pytest.mark.parametrize("scenario", ["crossroads_patrol", "hedgerow_hell"])
def test_an_encoder_that_keeps_what_it_worked_out_gives_a_fresh_encoders_tensors(scenario: str) -> None:
    """The Company Fire encoder keeps each unit kind's plane marks and each set of own spaces' line of sight
    (docs/rl.md "Speed"); what it kept never changes a tensor: one encoder over a game's observations, both
    sides, gives what a new encoder gives for each."""
    from warroom.rl.planes_cf import CFEncoder

    game = load_game(*find_scenario(scenario))
    kept = CFEncoder(game)
    rng = random.Random(5)
    state = game.initial_state(5)
    for step in range(400):
        if state.is_terminal():
            break
        if step % 10 == 0 or step < 20:
            for side in game.sides:
                obs = state.observation(side, log=False)
                planes, vector = kept.encode(obs)
                fresh_planes, fresh_vector = CFEncoder(game).encode(obs)
                assert np.array_equal(planes, fresh_planes) and np.array_equal(vector, fresh_vector)
        else:
            kept.encode(state.observation(game.sides[step % 2], log=False))
        state = state.apply(rng.choice(state.legal_actions()))
