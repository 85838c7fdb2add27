"""examples/train_maskable_ppo.py, the learning environments' training example (docs/rl.md "Training"): a tiny
run writes its curve, model and evaluation, ``--resume`` goes on training the saved model (here against another
opponent), and a bad option is one clear error. It needs the ``train`` extra (torch, sb3-contrib) and is skipped
without it."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

EXAMPLE = Path(__file__).resolve().parent.parent / "examples" / "train_maskable_ppo.py"


@pytest.mark.slow
def test_a_tiny_run_saves_its_model_and_a_resumed_run_goes_on_from_it(tmp_path: Path) -> None:
    pytest.importorskip("sb3_contrib")
    common = ["--eval-games", "2", "--block", "5", "--threads", "1"]
    first = subprocess.run([sys.executable, str(EXAMPLE), "--timesteps", "64", "--out", str(tmp_path / "a"),
                            *common], capture_output=True, text=True, timeout=600)
    assert first.returncode == 0, first.stderr[-2000:]
    made = json.loads((tmp_path / "a" / "evaluation.json").read_text())
    assert made["games"] == 2 and made["steps_before"] == 0 and made["resumed_from"] is None
    assert made["timesteps"] >= 64 and (tmp_path / "a" / "model.zip").is_file()
    again = subprocess.run([sys.executable, str(EXAMPLE), "--timesteps", "64", "--resume",
                            str(tmp_path / "a" / "model.zip"), "--opponent", "heuristic", "--out",
                            str(tmp_path / "b"), *common],
                           capture_output=True, text=True, timeout=600)
    assert again.returncode == 0, again.stderr[-2000:]
    went_on = json.loads((tmp_path / "b" / "evaluation.json").read_text())
    assert went_on["steps_before"] == made["timesteps"] and went_on["timesteps"] > made["timesteps"]
    assert went_on["net"] == made["net"]
    assert made["opponent"] == "random" and went_on["opponent"] == "heuristic"
    assert 0 <= went_on["heuristic_win_rate"] <= 1 and 0 <= went_on["random_win_rate"] <= 1


def test_an_unknown_opponent_is_one_clear_error() -> None:
    pytest.importorskip("sb3_contrib")
    bad = subprocess.run([sys.executable, str(EXAMPLE), "--opponent", "grandmaster"],
                         capture_output=True, text=True, timeout=120)
    assert bad.returncode == 2 and "--opponent grandmaster: unknown player 'grandmaster'" in bad.stderr
    assert "players: heuristic, random, search" in bad.stderr and "Traceback" not in bad.stderr


def test_a_missing_model_to_resume_is_one_clear_error(tmp_path: Path) -> None:
    pytest.importorskip("sb3_contrib")
    bad = subprocess.run([sys.executable, str(EXAMPLE), "--resume", str(tmp_path / "none.zip")],
                         capture_output=True, text=True, timeout=120)
    assert bad.returncode == 2 and "--resume" in bad.stderr and "no such file" in bad.stderr
    assert "Traceback" not in bad.stderr
