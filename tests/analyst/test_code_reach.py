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


# Ordinary analysis code that once read as a reach: a module judged by its name rather
# than by what was imported, a built-in's name bound to a column's value, the cell's
# output or a buffer in memory read as a file.
NOT_A_REACH = [
    "from scipy import signal\nsignal.detrend(df.x)",
    "from scipy import signal\npeaks, _ = signal.find_peaks(df['price'])\nlen(peaks)",
    "import scipy.signal as sg\nb, a = sg.butter(3, 0.1)\nsg.filtfilt(b, a, df.x)",
    "import scipy.signal\nscipy.signal.detrend(df.x)",
    "import sys\ndf.to_csv(sys.stdout, index=False)",
    "import sys\ndf.head().to_markdown(sys.stdout)",
    "import json, sys\njson.dump(df.head().to_dict(), sys.stdout)",
    'open = df["Open"].mean()\nclose = df["Close"].mean()\nclose - open',
    "open, high = df.Open.iloc[0], df.High.max()\nhigh / open",
    "def gap(open, close):\n    return close - open\ngap(df.Open, df.Close).mean()",
    "input = df.x\ninput.mean()",
    "def scale(input):\n    return input / input.max()\nscale(df.x)",
    "import io\npd.read_csv(io.StringIO(text))",
    "from io import StringIO\npd.read_csv(StringIO(csv_text)).sum()",
    "from pandas import read_csv\nfrom io import StringIO\nread_csv(StringIO(csv_text))",
    "from scipy.signal import find_peaks\nfrom os.path import join\nfind_peaks(df.x)",
    "import io\nbuf = io.BytesIO()\nplt.savefig(buf)\nbuf.getvalue()",
    "import io\nbuf = io.StringIO()\ndf.to_csv(buf)\nbuf.getvalue()",
]


@pytest.mark.parametrize("code", NOT_A_REACH)
def test_what_a_name_stands_for_is_read_from_the_code(code: str) -> None:
    assert reach_problems(code, "total revenue by region") == []


@pytest.mark.parametrize(
    ("code", "problem"),
    [
        ("import signal\nsignal.alarm(1)", "it imports signal (no other programs)"),
        ("signal.alarm(1)", "it uses signal.alarm (no other programs)"),
        ("from scipy import signal\nimport signal\nsignal.alarm(1)", "it imports signal"),
        ("import os as o\no.system('ls')", "it uses os.system (no other programs)"),
        ("import subprocess as sp\nsp.run(['ls'])", "it imports subprocess"),
        ("open = open('/etc/hostname')", "it opens a file with open()"),
        ("open = 1\ndel open\nopen('/etc/hostname')", "it opens a file with open()"),
        ("if ok:\n    open = 1\nopen('/etc/hostname')", "it opens a file with open()"),
        ("open = 1\nglobals().pop('open')\nopen('/etc/hostname')", "it opens a file with open()"),
        ("def f():\n    return open('/etc/hostname')\nopen = 1", "it opens a file with open()"),
        ("[open for open in open('/etc/hostname')]", "it opens a file with open()"),
        ("x = input\nx()", "it uses input()"),
        ("import io\nio.open('/etc/hostname').read()", "it opens a file with io.open()"),
        ("import sys\nsys.modules['os'].system('ls')", "it reaches into sys.modules"),
        ("sys = conf\ndf.to_csv(sys.stdout)", "it writes a file with .to_csv()"),
        ("import io\nbuf = io.StringIO()\nbuf = 'out.csv'\ndf.to_csv(buf)", "it writes a file"),
        ("io = conf\npd.read_csv(io.StringIO('a'))", "it reads a file with pd.read_csv()"),
        ("import sys\npd.read_csv(sys.stdin)", "it reads a file with pd.read_csv()"),
        ("from io import open\nopen('/etc/hostname')", "it opens a file with io.open()"),
        (
            "from pandas import read_csv\nread_csv('x.csv')",
            "it reads a file with pandas.read_csv()",
        ),
        ("from numpy import load\nload('x.npy')", "it reads a file with numpy.load()"),
        ("from sys import modules\nmodules['os']", "it reaches into sys.modules"),
    ],
)
def test_a_reach_behind_a_name_is_still_named(code: str, problem: str) -> None:
    found = reach_problems(code, "total revenue by region")
    assert any(p.startswith(problem) for p in found), found
