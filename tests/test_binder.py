"""The Binder recipe, tested the way repo2docker uses it.

A fresh virtual environment is built from ``binder/`` alone: the Python
version from ``runtime.txt``, ``pip install -r binder/requirements.txt``,
then ``binder/postBuild`` run from a copy of the repository. Every notebook
in ``notebooks/`` must then run end to end under nbclient in that
environment, with no key and no network. pip may use the package index
(through its cache) while building, as Binder does; the notebooks may not.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import venv
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
BINDER = ROOT / "binder"
NETWORK_TROUBLE = (
    "Failed to establish a new connection",
    "Temporary failure in name resolution",
    "Network is unreachable",
    "Could not fetch URL",
    "ConnectTimeoutError",
)

pytestmark = pytest.mark.slow

RUN_NOTEBOOKS = """
import sys, pathlib, nbformat
from nbclient import NotebookClient
failures = []
for path in sorted(pathlib.Path(sys.argv[1]).glob("*.ipynb")):
    nb = nbformat.read(path, as_version=4)
    client = NotebookClient(nb, timeout=180, kernel_name="python3",
                            resources={"metadata": {"path": str(path.parent)}})
    try:
        client.execute()
    except Exception as exc:
        failures.append(f"{path.name}: {type(exc).__name__}: {str(exc)[-1500:]}")
        continue
    print("ran", path.name, flush=True)
print("\\n\\n".join(failures))
sys.exit(1 if failures else 0)
"""


def _run(cmd: list[str], env: dict[str, str], cwd: Path, timeout: float) -> str:
    done = subprocess.run(
        cmd, env=env, cwd=cwd, capture_output=True, text=True, timeout=timeout, check=False
    )
    output = done.stdout + done.stderr
    if done.returncode != 0:
        if any(marker in output for marker in NETWORK_TROUBLE):
            pytest.skip(
                f"the package index is unreachable, so Binder could not build either: {cmd}"
            )
        pytest.fail(f"{' '.join(cmd)} failed ({done.returncode}):\n{output[-4000:]}")
    return output


def _copy_repository(target: Path) -> None:
    files = subprocess.run(
        ["git", "ls-files", "--cached", "--others", "--exclude-standard"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
    ).stdout.split()
    for name in files:
        source = ROOT / name
        if source.is_file():
            (target / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(source, target / name)


def test_binder_recipe_builds_an_environment_that_runs_every_notebook(tmp_path: Path) -> None:
    runtime = (BINDER / "runtime.txt").read_text().strip()
    wanted = runtime.removeprefix("python-")
    have = f"{sys.version_info.major}.{sys.version_info.minor}"
    assert wanted == have, f"binder/runtime.txt asks for {wanted}; this test runs {have}"
    assert (BINDER / "apt.txt").read_text().split() == [
        "graphviz",
        "tesseract-ocr",
        "tesseract-ocr-eng",
        "espeak-ng",
    ]
    post_build = BINDER / "postBuild"
    assert os.access(post_build, os.X_OK), "repo2docker runs postBuild directly: chmod +x"
    assert post_build.read_text().splitlines()[1:].count("set -e") == 1

    repo = tmp_path / "repo"
    _copy_repository(repo)
    env_dir = tmp_path / "env"
    venv.EnvBuilder(with_pip=True, clear=True).create(env_dir)
    bin_dir = env_dir / "bin"
    env = {
        key: value
        for key, value in os.environ.items()
        if key not in ("PYTHONPATH", "VIRTUAL_ENV", "NOTEBOOK_ROUTER_MODEL")
        and not key.endswith("_API_KEY")
    }
    env.update(
        PATH=f"{bin_dir}{os.pathsep}{env.get('PATH', '')}",
        VIRTUAL_ENV=str(env_dir),
        PIP_DISABLE_PIP_VERSION_CHECK="1",
        # Kernels find their spec in this environment only, as on Binder.
        JUPYTER_PATH=str(env_dir / "share" / "jupyter"),
        JUPYTER_DATA_DIR=str(tmp_path / "jupyter-data"),
        NOTEBOOK_ROUTER_STORE=str(tmp_path / "store"),
        MPLBACKEND="agg",
    )
    python = str(bin_dir / "python")
    _run(
        [python, "-m", "pip", "install", "-r", str(repo / "binder" / "requirements.txt")],
        env,
        repo,
        timeout=600,
    )
    pinned = _run([python, "-m", "pip", "freeze", "--all"], env, repo, timeout=60)
    _run([str(repo / "binder" / "postBuild")], env, repo, timeout=300)
    after = _run([python, "-m", "pip", "freeze", "--all"], env, repo, timeout=60)
    added = sorted(set(after.splitlines()) - set(pinned.splitlines()))
    assert [line.split(" @ ")[0].split("==")[0] for line in added] == ["notebook-router"], (
        "postBuild installed or changed packages binder/requirements.txt does not pin: "
        f"{added}. Add them to binder/requirements.txt at the versions the project tests with."
    )
    notebooks = repo / "notebooks"
    assert sorted(notebooks.glob("*.ipynb")), "no notebooks to run"
    out = _run([python, "-c", RUN_NOTEBOOKS, str(notebooks)], env, repo, timeout=600)
    ran = [line.split()[1] for line in out.splitlines() if line.startswith("ran ")]
    assert ran == sorted(p.name for p in notebooks.glob("*.ipynb"))
