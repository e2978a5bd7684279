"""Model-written analysis code that reaches outside the tables is named before it runs;
the pandas people write for an answer is not."""

from __future__ import annotations

import pytest

from notebook_router.analyst.code_reach import reach_problems

ORDINARY = [
    "df.groupby('region')['revenue'].sum().sort_values(ascending=False)",
    "import pandas as pd\nimport numpy as np\nnp.log(df['x']).describe()",
    "import re\npattern = re.compile(r'\\d+')\ndf['code'].str.contains(pattern).sum()",
    "text = df.to_csv()\nlen(text.splitlines())",  # to_csv() alone returns text
    "import json\njson.dumps(df.head().to_dict())",
    "import os\nos.path.basename('a/b.csv')",
    "from scipy import stats\nstats.ttest_ind(df.a, df.b).pvalue",
    "import matplotlib.pyplot as plt\nfig, ax = plt.subplots()\ndf.plot(ax=ax)\nfig",
    "type(df).__name__",
    "df['x'].__len__()",
]


@pytest.mark.parametrize("code", ORDINARY)
def test_ordinary_analysis_code_reaches_nothing(code: str) -> None:
    assert reach_problems(code, "total revenue by region") == []


@pytest.mark.parametrize(
    ("code", "problem"),
    [
        ("open('/etc/passwd').read()", "it opens a file with open() (the task names no file)"),
        ("df.to_csv('/tmp/out.csv')", "it writes a file with .to_csv() (the task names no file)"),
        ("import matplotlib.pyplot as plt\nplt.savefig('x.png')", "it writes a file with"),
        (
            "from pathlib import Path\nPath('~/.ssh/id_rsa').read_text()",
            "it touches the disk with Path.read_text()",
        ),
        ("import shutil\nshutil.rmtree('/tmp/x')", "it imports shutil (the task names no file)"),
        ("import os\nos.remove('data.csv')", "it uses os.remove (the task names no file)"),
        ("import os\nos.system('ls')", "it uses os.system (no other programs)"),
        ("from os import environ\nenviron['KEY']", "it reads os.environ (the environment"),
        ("import requests\nrequests.get('http://x')", "it imports requests (no network access)"),
        ("from urllib.request import urlopen", "it imports urllib (no network access)"),
        ("pd.read_json('https://x.org/a.json')", "it reads https://x.org/a.json (no network"),
        ("eval('1 + 1')", "it uses eval() (no code built at run time)"),
        ("().__class__.__base__.__subclasses__()", "it reaches into __class__"),
        ("import importlib\nimportlib.import_module('socket')", "it imports importlib"),
        ("__builtins__['open']('x')", "it reaches into __builtins__"),
    ],
)
def test_code_that_reaches_out_is_named(code: str, problem: str) -> None:
    found = reach_problems(code, "total revenue by region")
    assert any(p.startswith(problem) for p in found), found


def test_a_file_the_task_names_may_be_read_and_written_but_never_the_network() -> None:
    task = "load sales.csv and save the totals to totals.csv"
    code = "s = pd.read_csv('sales.csv')\ns.groupby('region').sum().to_csv('totals.csv')"
    assert reach_problems(code, task) == []
    fetched = "pd.read_csv('https://example.org/sales.csv')"
    assert reach_problems(fetched, task) == [
        "it reads https://example.org/sales.csv (no network access)"
    ]
    assert reach_problems("import socket", task) == ["it imports socket (no network access)"]


def test_code_that_does_not_parse_is_left_to_the_run() -> None:
    assert reach_problems("df.groupby(", "") == []
