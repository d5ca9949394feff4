"""The engine, the notation and the odds are pure stdlib: no sqlite3, pygame, cv2, numpy,
gpiozero (every other wall: ``tests/test_walls.py``)."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PURE = [*sorted((ROOT / "companion" / "engine").glob("*.py")),
        ROOT / "companion" / "notation.py", ROOT / "companion" / "odds.py"]
#: sqlite3 is in the standard library but is I/O: the engine never touches a file.
FORBIDDEN = {"pygame", "cv2", "numpy", "gpiozero", "picamera2", "vision", "hardware", "sqlite3"}


def imported_modules(path: Path) -> set[str]:
    tree = ast.parse(path.read_text())
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names.add(node.module.split(".")[0])
    return names


def test_no_forbidden_imports_in_the_source() -> None:
    for path in PURE:
        if path.exists():
            bad = imported_modules(path) & FORBIDDEN
            assert not bad, f"{path.name} imports {bad}"
            allowed = (set(sys.stdlib_module_names) - FORBIDDEN) | {"companion"}
            assert imported_modules(path) <= allowed, path.name


def test_importing_them_loads_none_of_those() -> None:
    modules = ["companion.engine", "companion.notation"]
    if (ROOT / "companion" / "odds.py").exists():
        modules.append("companion.odds")
    code = (
        f"import sys, {', '.join(modules)}\n"
        f"bad = {sorted(FORBIDDEN)!r}\n"
        "print([m for m in bad if m in sys.modules])\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         cwd=ROOT, check=True)
    assert out.stdout.strip() == "[]"
