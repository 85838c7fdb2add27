"""Company Fire's map picture (its kit's ``picture`` of the set-up as a viewer knows it, written by
``present.picture.write_picture``): every shipped scenario draws for every viewer, a side's picture shows no more
than its text map (no hidden enemy unit), and bad paths are refused."""

from __future__ import annotations

import struct
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from warroom.core.errors import UsageError
from warroom.core.game import Game, load_game
from warroom.core.kit import kit_of
from warroom.present.picture import write_picture
from warroom.rulesets.company_fire.game.scenario import shipped_scenarios
from warroom.rulesets.company_fire.game.scenario_types import ROLES, VIEWERS, Scenario

PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"
GAMES = {p.stem: load_game("company-fire", p) for p in shipped_scenarios()}
SCENARIOS: dict[str, Scenario] = {name: g.scenario for name, g in GAMES.items()}  # type: ignore[attr-defined]


def render_map(s: Scenario, viewer: str, path: Path) -> Path:
    """The set-up of ``s`` as ``viewer`` knows it, drawn to ``path`` as ``warroom scenario show --png`` draws it."""
    game: Game = next(g for g in GAMES.values() if g.scenario is s)  # type: ignore[attr-defined]
    kit = kit_of(game)
    obs = kit.setup_observation(game, viewer)
    return write_picture(path, lambda: kit.picture(game, obs, f"{s.name}: the set-up"), "--png")


def _png_size(path: Path) -> tuple[int, int]:
    data = path.read_bytes()
    assert data[:8] == PNG_SIGNATURE
    assert data[12:16] == b"IHDR"
    width, height = struct.unpack(">II", data[16:24])
    return int(width), int(height)


def _svg_texts(path: Path) -> set[str]:
    """Every piece of text drawn in the SVG (a picture keeps text as text, not paths)."""
    root = ET.parse(path).getroot()
    return {"".join(el.itertext()).strip() for el in root.iter() if el.tag.endswith("}text")}


def test_there_are_shipped_scenarios() -> None:
    assert len(SCENARIOS) >= 3


@pytest.mark.parametrize("viewer", list(VIEWERS))
@pytest.mark.parametrize("name", sorted(SCENARIOS))
def test_renders_a_png_for_each_viewer(name: str, viewer: str, tmp_path: Path) -> None:
    s = SCENARIOS[name]
    out = render_map(s, VIEWERS[viewer], tmp_path / f"{name}-{viewer}.png")
    assert out == tmp_path / f"{name}-{viewer}.png"
    width, height = _png_size(out)
    # About 90 px a space, plus margins, title and legend: readable, and fits a laptop screen.
    assert 60 * s.board.width <= width <= 2000
    assert 60 * s.board.height <= height <= 2000


@pytest.mark.parametrize("name", sorted(SCENARIOS))
def test_a_sides_picture_hides_the_enemys_hidden_units(name: str, tmp_path: Path) -> None:
    s: Scenario = SCENARIOS[name]
    assert any(u.hidden for u in s.units), "each shipped scenario hides some units"
    for role in ROLES:
        texts = _svg_texts(render_map(s, role, tmp_path / f"{role}.svg"))
        enemy = s.enemy(role)
        hidden = {u.id for u in enemy.units if u.hidden}
        visible = {u.id for u in enemy.units if not u.hidden}
        own = {u.id for u in s.side(role).units}
        assert not hidden & texts, f"{role} sees hidden enemy units {sorted(hidden & texts)}"
        assert own <= texts, f"{role} misses its own units {sorted(own - texts)}"
        assert visible <= texts


@pytest.mark.parametrize("name", sorted(SCENARIOS))
def test_public_shows_no_hidden_unit_and_the_umpire_every_unit(name: str, tmp_path: Path) -> None:
    s = SCENARIOS[name]
    public = _svg_texts(render_map(s, "public", tmp_path / "public.svg"))
    umpire = _svg_texts(render_map(s, "umpire", tmp_path / "umpire.svg"))
    assert not {u.id for u in s.units if u.hidden} & public
    assert {u.id for u in s.units if not u.hidden} <= public
    assert {u.id for u in s.units} <= umpire


def test_writes_pdf(tmp_path: Path) -> None:
    s = next(iter(SCENARIOS.values()))
    out = render_map(s, "umpire", tmp_path / "map.PDF")
    assert out.read_bytes()[:5] == b"%PDF-"


@pytest.mark.parametrize("bad", ["map.jpg", "map", "map.png.txt", "missing/map.png"])
def test_bad_paths_are_refused(bad: str, tmp_path: Path) -> None:
    s = next(iter(SCENARIOS.values()))
    with pytest.raises(UsageError) as err:
        render_map(s, "public", tmp_path / bad)
    assert "\n" not in str(err.value)
    assert not (tmp_path / bad).exists()


def test_a_file_for_a_folder_is_refused(tmp_path: Path) -> None:
    (tmp_path / "afile").write_text("x")
    s = next(iter(SCENARIOS.values()))
    with pytest.raises(UsageError, match="does not exist"):
        render_map(s, "public", tmp_path / "afile" / "map.png")


def test_an_unknown_viewer_is_refused(tmp_path: Path) -> None:
    s = next(iter(SCENARIOS.values()))
    with pytest.raises(UsageError, match="viewer"):
        render_map(s, "nobody", tmp_path / "map.png")
