"""The walls between the parts, checked on the import graph of the source.

Every ``import`` and ``from ... import`` in ``companion/``, ``vision/`` and ``hardware/``
counts, also those inside functions (lazy imports) and relative ones. The walls
(``docs/architecture.md``):

- the engine (``companion.engine``; also the notation and the odds) imports only the
  standard library, and never ``sqlite3``: it is pure (state + event -> state);
- vision never imports ``companion`` or ``hardware`` (nor pygame, gpiozero, picamera2);
- hardware never imports ``companion`` (the engine, the display, ...) or ``vision``,
  nor pygame;
- the display and the view never import engine internals (``companion.engine.*``
  below the package), hardware, vision, the journal or the app;
- only the app (and its ``capture``), the setup mode, the runner, the demo, the CLI and
  the commands join the parts: no other module uses two of vision, the devices of
  ``hardware`` (its pure modules excepted) and the display's drawing, nor imports the
  app or the runner.

``test_the_checker_finds_every_kind_of_breach`` shows the checker failing on a
synthetic tree with one forbidden import of each kind.
"""

from __future__ import annotations

import ast
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
TOPS = ("companion", "vision", "hardware")

#: Stdlib modules the engine may not use: it does no I/O of its own.
NOT_PURE = frozenset({"sqlite3", "socket", "subprocess", "shutil", "tkinter",
                      "urllib.request", "http", "threading", "multiprocessing", "asyncio",
                      "ctypes"})
#: Modules of ``hardware`` that touch no device (stdlib only): anyone may import them.
PURE_HARDWARE = frozenset({"hardware", "hardware.errors", "hardware.exposure",
                           "hardware.camera_checks", "hardware.lifecycle"})
#: The modules that join the parts: the app (with its helper ``capture``: camera burst
#: -> stillness -> reading) and the setup mode (each a controller of camera, buttons,
#: vision, engine and display), what runs them, and the command line.
JOINERS = ("companion.app", "companion.capture", "companion.setup", "companion.runner",
           "companion.demo", "companion.cli", "companion.__main__", "companion.commands")
#: What the joiners join (the view, plain data, is not a part: anyone may read it).
PARTS = {"vision": ("vision",), "hardware": ("hardware",),
         "display": ("companion.display",)}
#: The engine's own layer: the engine, and the text and the odds made from it alone.
ENGINE = ("companion.engine", "companion.notation", "companion.odds")
#: The display and the view (plain data and the wording built from the game).
DISPLAY = ("companion.display", "companion.view", "companion.present")


@dataclass(frozen=True)
class Breach:
    """``module`` imports ``imported`` across the wall named ``wall``."""

    module: str
    imported: str
    wall: str

    def __str__(self) -> str:
        return f"{self.module} imports {self.imported}: {self.wall}"


def module_name(root: Path, path: Path) -> str:
    parts = list(path.relative_to(root).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def imports_of(root: Path, path: Path) -> set[str]:
    """Every module ``path`` imports, absolute (``from a import b`` gives ``a`` and
    ``a.b``: ``b`` may be a module), relative imports resolved."""
    name = module_name(root, path)
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")[: len(package.split(".")) - node.level + 1]
                module = ".".join([*base, *([node.module] if node.module else [])])
            else:
                module = node.module or ""
            found.add(module)
            found.update(f"{module}.{alias.name}" if module else alias.name
                         for alias in node.names)
    found.discard("__future__")
    return {m for m in found if not m.startswith("__future__.")}


def _within(module: str, prefixes: tuple[str, ...] | frozenset[str]) -> bool:
    return any(module == p or module.startswith(p + ".") for p in prefixes)


def _is_module(root: Path, module: str) -> bool:
    """True when ``module`` is a first-party module or package (not a name in one)."""
    path = root.joinpath(*module.split("."))
    return path.with_suffix(".py").exists() or (path / "__init__.py").exists()


def walls_crossed(module: str, imported: str) -> list[str]:
    """The walls ``module`` crosses by importing ``imported`` (both absolute names)."""
    top, first = module.split(".")[0], imported.split(".")[0]
    first_party = first in TOPS
    crossed: list[str] = []
    if _within(module, ENGINE):
        if _within(imported, NOT_PURE):
            crossed.append("the engine does no I/O (stdlib only, never sqlite3)")
        elif not first_party and first not in sys.stdlib_module_names:
            crossed.append("the engine imports only the standard library")
        elif first_party and imported != "companion" \
                and not _within(imported, ("companion.engine",)):
            crossed.append("the engine imports nothing but itself and the stdlib")
    if top == "vision" and first in ("companion", "hardware", "pygame", "gpiozero",
                                     "picamera2"):
        crossed.append("vision knows no game, no hardware and no screen")
    if top == "hardware" and first in ("companion", "vision", "pygame"):
        crossed.append("hardware knows no game, no vision and no screen")
    if _within(module, DISPLAY):
        if imported.startswith("companion.engine."):
            crossed.append("the display and the view read the engine's public names only")
        if first in ("hardware", "vision") or _within(
                imported, ("companion.journal", "companion.config", *JOINERS)):
            crossed.append("the display and the view read plain views")
    if not _within(module, JOINERS) and _within(imported, (
            "companion.app", "companion.setup", "companion.runner", "companion.demo",
            "companion.commands")):
        crossed.append("only the CLI and the commands run the app")
    return crossed


def part_of(imported: str) -> str | None:
    """The part (vision, hardware, display) ``imported`` belongs to, if any."""
    if imported in PURE_HARDWARE or _within(imported, ("companion.display.view",)):
        return None
    return next((part for part, prefixes in PARTS.items() if _within(imported, prefixes)),
                None)


def breaches(root: Path) -> list[Breach]:
    """Every import across a wall in the ``companion``/``vision``/``hardware`` tree
    under ``root``."""
    found: list[Breach] = []
    for top in TOPS:
        for path in sorted((root / top).rglob("*.py")):
            module = module_name(root, path)
            joined: dict[str, list[str]] = {}
            for imported in sorted(imports_of(root, path)):
                if imported.split(".")[0] in TOPS and not _is_module(root, imported):
                    continue  # a name imported from a module, not a module
                found += [Breach(module, imported, wall)
                          for wall in walls_crossed(module, imported)]
                part = part_of(imported)
                if part is not None and part != part_of(module):
                    joined.setdefault(part, []).append(imported)
            if len(joined) > 1 and not _within(module, JOINERS):
                what = " + ".join(min(names) for names in joined.values())
                found.append(Breach(module, what, "only the app, the setup mode, the runner, "
                                    "the demo, the CLI and the commands join the parts"))
    return found


def test_no_import_crosses_a_wall() -> None:
    found = breaches(ROOT)
    assert not found, "\n".join(map(str, found))


def test_the_checker_sees_the_real_imports() -> None:
    """The checker reads the tree it guards: known imports are found, so an empty list
    of breaches above means something."""
    app = imports_of(ROOT, ROOT / "companion" / "app.py")
    assert "companion.engine" in app and "vision" in app
    assert any(m.startswith("hardware.camera") for m in app)
    assert imports_of(ROOT, ROOT / "companion" / "engine" / "__init__.py") >= {
        "companion.engine.rules", "companion.engine.errors"}


def _write(root: Path, relative: str, text: str) -> None:
    path = root / relative
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")


def test_the_checker_finds_every_kind_of_breach(tmp_path: Path) -> None:
    for package in ("companion", "companion/engine", "companion/display", "companion/commands",
                    "vision", "hardware", "hardware/camera"):
        _write(tmp_path, f"{package}/__init__.py", "")
    _write(tmp_path, "companion/engine/state.py", "import dataclasses\n")
    _write(tmp_path, "companion/app.py", "import vision\nimport hardware.camera\n")
    _write(tmp_path, "companion/commands/run.py", "from companion import app\n")
    _write(tmp_path, "hardware/exposure.py", "import math\n")
    _write(tmp_path, "hardware/camera/usb.py", "from ..exposure import math\n")
    _write(tmp_path, "companion/config.py", "from hardware.exposure import math\n")
    _write(tmp_path, "companion/calibration.py", "from vision import Calibration\n")
    _write(tmp_path, "companion/setup.py", "import vision\nimport hardware.camera\n")
    assert breaches(tmp_path) == []  # a clean tree passes

    _write(tmp_path, "companion/engine/rules.py", "import sqlite3\n")
    _write(tmp_path, "companion/engine/dice.py", "def roll():\n    import numpy\n")
    _write(tmp_path, "companion/notation.py", "from companion.journal import Journal\n")
    _write(tmp_path, "companion/journal.py", "")
    _write(tmp_path, "vision/read.py", "from companion.engine import state\n")
    _write(tmp_path, "hardware/button.py", "from companion.engine.rules import apply\n")
    _write(tmp_path, "hardware/camera/pi.py", "import vision.read\n")
    _write(tmp_path, "companion/display/screens.py",
           "from companion.engine.state import GameState\nimport hardware.camera\n")
    _write(tmp_path, "companion/display/photo.py", "from ..engine import rules\n")
    _write(tmp_path, "companion/stats.py",
           "import vision\nfrom companion.runner import x\nimport hardware.camera.usb\n")
    _write(tmp_path, "companion/runner.py", "")
    found = {(b.module, b.imported) for b in breaches(tmp_path)}
    assert found == {
        ("companion.engine.rules", "sqlite3"),
        ("companion.engine.dice", "numpy"),
        ("companion.notation", "companion.journal"),
        ("vision.read", "companion.engine"),
        ("vision.read", "companion.engine.state"),
        ("hardware.button", "companion.engine.rules"),
        ("hardware.camera.pi", "vision.read"),
        ("companion.display.screens", "companion.engine.state"),
        ("companion.display.screens", "hardware.camera"),
        ("companion.display.photo", "companion.engine.rules"),
        ("companion.stats", "companion.runner"),
        ("companion.stats", "hardware.camera.usb + vision"),
    }


def test_importing_the_engine_loads_no_io_nor_third_party_module() -> None:
    code = (
        "import sys, companion.engine, companion.notation, companion.odds\n"
        "bad = ['sqlite3', 'pygame', 'cv2', 'numpy', 'gpiozero', 'vision', 'hardware']\n"
        "print([m for m in bad if m in sys.modules])\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         cwd=ROOT, check=True)
    assert out.stdout.strip() == "[]"


def test_the_app_is_a_controller_and_no_companion_module_is_a_monolith() -> None:
    # Issue 13: app.py at most 350 lines, no module under companion/ over 700.
    sizes = {p.relative_to(ROOT).as_posix(): len(p.read_text(encoding="utf-8").splitlines())
             for p in (ROOT / "companion").rglob("*.py")}
    assert sizes["companion/app.py"] <= 350
    assert {p: n for p, n in sizes.items() if n > 700} == {}
