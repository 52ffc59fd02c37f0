"""Set up the separate environment that runs doddle, the baseline of issue 5. Prints JSON.

doddle 1.6.0 needs numpy 1.26 and numba 0.60, which clash with the project's own pins, so it lives
in its own virtualenv at `.bench-venvs/doddle`, built with the same Python. The build is
idempotent: a stamp file holding the requirements marks a finished install, and a rerun with the
same requirements only reports the versions.
"""

from __future__ import annotations

import json
import subprocess
import sys
import venv
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
VENV_DIR = ROOT / ".bench-venvs" / "doddle"
REQUIREMENTS = ("doddle==1.6.0", "numpy==1.26.*", "numba==0.60.*")
STAMP_NAME = ".installed"
REPORTED = ("doddle", "numpy", "numba", "llvmlite")


def python_path(venv_dir: Path = VENV_DIR) -> Path:
    """Return the interpreter of the environment at `venv_dir`."""
    return venv_dir / "bin" / "python"


def is_ready(venv_dir: Path = VENV_DIR) -> bool:
    """Return whether the environment exists and was installed with the current requirements."""
    stamp = venv_dir / STAMP_NAME
    return python_path(venv_dir).exists() and stamp.exists() and stamp.read_text() == stamp_text()


def stamp_text() -> str:
    """Return the stamp's content: the requirements, so changing a pin forces a reinstall."""
    return "\n".join(REQUIREMENTS) + "\n"


def create(venv_dir: Path = VENV_DIR) -> None:
    """Create the environment and install the pinned requirements (the stamp is written last,
    so an interrupted install is redone on the next run)."""
    venv.EnvBuilder(with_pip=True, clear=True).create(venv_dir)
    pip = [str(python_path(venv_dir)), "-m", "pip", "install", "--quiet"]
    subprocess.run([*pip, "--upgrade", "pip"], check=True)
    subprocess.run([*pip, *REQUIREMENTS], check=True)
    (venv_dir / STAMP_NAME).write_text(stamp_text())


def installed_versions(venv_dir: Path = VENV_DIR) -> dict[str, str]:
    """Return the installed version of each reported package, read inside the environment."""
    code = (
        "import json, sys, importlib.metadata as m;"
        f"print(json.dumps({{n: m.version(n) for n in {list(REPORTED)!r}}}))"
    )
    out = subprocess.run(
        [str(python_path(venv_dir)), "-c", code], check=True, capture_output=True, text=True
    )
    return json.loads(out.stdout)


def ensure(venv_dir: Path = VENV_DIR) -> dict:
    """Return the environment's description (path, python, versions, whether it was just
    created), creating it first if it is missing or stale."""
    created = not is_ready(venv_dir)
    if created:
        create(venv_dir)
    return {
        "path": str(venv_dir),
        "python": str(python_path(venv_dir)),
        "created": created,
        "versions": installed_versions(venv_dir),
    }


def main() -> None:
    print(json.dumps(ensure(), indent=2))


if __name__ == "__main__":
    sys.exit(main())
