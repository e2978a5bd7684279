"""Execute notebooks in place with nbclient (the way `make notebooks` refreshes their outputs).

    python scripts/execute_notebooks.py notebooks/01_quickstart.ipynb [...]

Outputs are real: whatever the offline model and the example agents
produce on this machine. Commit the result only after reading the diff.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

import nbformat
from nbclient import NotebookClient


def main(paths: list[str]) -> int:
    for name in paths:
        path = Path(name)
        nb = nbformat.read(path, as_version=4)
        # Jupyter tells a kernel which notebook it runs (the runs' memory is kept per
        # notebook); nbclient does not, so say it here as Jupyter would.
        os.environ["JPY_SESSION_NAME"] = str(path.resolve())
        NotebookClient(
            nb,
            timeout=120,
            kernel_name="python3",
            # Saved notebooks keep the static view (HTML plan, SVG tree) that
            # nbviewer, GitHub and nbconvert show; live panels need a kernel.
            store_widget_state=False,
            resources={"metadata": {"path": str(path.parent)}},
        ).execute()
        nbformat.write(nb, path)
        print(f"executed {path}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
