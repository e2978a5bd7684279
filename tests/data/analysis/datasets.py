"""The data frames the analyst's development set asks about.

Every frame comes from data bundled inside installed packages (scikit-learn's and
statsmodels' dataset modules), so loading never touches the network. Columns are
cast the way an analyst would after reading the data: class labels become named
categories, integer-valued counts and codes become integers, and where the source
has year and quarter a real ``date`` column is built.

Two frames have missing values injected on a fixed, documented pattern (the bundled
data is complete), and ``co2`` keeps the gaps the Mauna Loa record really has:

- ``iris_missing``: iris with ``sepal_length`` missing on rows where ``i % 10 == 3``
  (15 rows), ``petal_width`` where ``i % 25 == 7`` (6 rows) and ``species`` on
  rows 5, 77 and 140;
- ``diabetes_missing``: diabetes with ``bmi`` missing where ``i % 17 == 0`` (26 rows)
  and ``bp`` where ``i % 40 == 1`` (12 rows).

    >>> load("iris").groupby("species", observed=True)["petal_length"].mean().round(3).to_dict()
    {'setosa': 1.462, 'versicolor': 4.26, 'virginica': 5.552}
"""

from __future__ import annotations

import warnings
from collections.abc import Callable
from functools import cache

import numpy as np
import pandas as pd  # type: ignore[import-untyped, unused-ignore]


def _sklearn_frame(loader: str, target: str, *, label_names: bool = True) -> pd.DataFrame:
    from sklearn import datasets  # type: ignore[import-untyped, unused-ignore]

    kwargs = {"scaled": False} if loader == "load_diabetes" else {}
    bunch = getattr(datasets, loader)(as_frame=True, **kwargs)
    frame = bunch.frame.copy()
    if label_names:
        names = [str(n) for n in bunch.target_names]
        codes = frame.pop("target").astype(int)
        frame[target] = pd.Categorical.from_codes(codes, categories=names)
    else:
        frame = frame.rename(columns={"target": target})
    return frame


def _statsmodels_frame(name: str) -> pd.DataFrame:
    import statsmodels.api as sm  # type: ignore[import-untyped, unused-ignore]

    with warnings.catch_warnings():
        # Some loaders warn about their own pandas usage; the data is unaffected.
        warnings.simplefilter("ignore")
        return getattr(sm.datasets, name).load_pandas().data.copy()


def _as_int(frame: pd.DataFrame, columns: list[str]) -> pd.DataFrame:
    for column in columns:
        frame[column] = frame[column].astype("int64")
    return frame


def _iris() -> pd.DataFrame:
    frame = _sklearn_frame("load_iris", "species")
    return frame.rename(
        columns={
            "sepal length (cm)": "sepal_length",
            "sepal width (cm)": "sepal_width",
            "petal length (cm)": "petal_length",
            "petal width (cm)": "petal_width",
        }
    )


def _wine() -> pd.DataFrame:
    frame = _sklearn_frame("load_wine", "cultivar")
    return _as_int(frame, ["magnesium", "proline"])


def _diabetes() -> pd.DataFrame:
    frame = _sklearn_frame("load_diabetes", "progression", label_names=False)
    return _as_int(frame, ["age", "sex", "progression"])


def _breast_cancer() -> pd.DataFrame:
    return _sklearn_frame("load_breast_cancer", "diagnosis")


def _linnerud() -> pd.DataFrame:
    frame = _sklearn_frame("load_linnerud", "", label_names=False)
    return frame.astype("int64")


def _longley() -> pd.DataFrame:
    return _as_int(_statsmodels_frame("longley"), ["TOTEMP", "YEAR"])


def _macrodata() -> pd.DataFrame:
    frame = _as_int(_statsmodels_frame("macrodata"), ["year", "quarter"])
    # Quarter-start dates: 1959Q1 -> 1959-01-01, so resampling by year or quarter works.
    periods = pd.PeriodIndex.from_fields(year=frame["year"], quarter=frame["quarter"], freq="Q")
    frame.insert(0, "date", periods.to_timestamp())
    return frame


def _grunfeld() -> pd.DataFrame:
    frame = _as_int(_statsmodels_frame("grunfeld"), ["year"])
    frame["firm"] = frame["firm"].astype(str)
    return frame


def _fair() -> pd.DataFrame:
    codes = ["rate_marriage", "religious", "educ", "occupation", "occupation_husb"]
    return _as_int(_statsmodels_frame("fair"), codes)


def _spector() -> pd.DataFrame:
    return _as_int(_statsmodels_frame("spector"), ["TUCE", "PSI", "GRADE"])


def _stackloss() -> pd.DataFrame:
    return _statsmodels_frame("stackloss").astype("int64")


def _copper() -> pd.DataFrame:
    return _as_int(_statsmodels_frame("copper"), ["TIME"])


def _statecrime() -> pd.DataFrame:
    frame = _statsmodels_frame("statecrime").reset_index()
    # Three names carry a trailing space in the source ("Kansas ").
    frame["state"] = frame["state"].astype(str).str.strip()
    return frame


def _anes96() -> pd.DataFrame:
    codes = ["TVnews", "selfLR", "ClinLR", "DoleLR", "PID", "age", "educ", "income"]
    frame = _as_int(_statsmodels_frame("anes96"), codes)
    # The source codes the vote 0 = Clinton, 1 = Dole.
    frame["vote"] = pd.Categorical.from_codes(frame["vote"].astype(int), ["Clinton", "Dole"])
    return frame


def _nile() -> pd.DataFrame:
    return _as_int(_statsmodels_frame("nile"), ["year"])


def _co2() -> pd.DataFrame:
    frame = _statsmodels_frame("co2")
    frame.index.name = "date"
    return frame.reset_index()


def _iris_missing() -> pd.DataFrame:
    frame = _iris()
    rows = np.arange(len(frame))
    frame.loc[rows % 10 == 3, "sepal_length"] = np.nan
    frame.loc[rows % 25 == 7, "petal_width"] = np.nan
    frame.loc[[5, 77, 140], "species"] = np.nan
    return frame


def _diabetes_missing() -> pd.DataFrame:
    frame = _diabetes()
    rows = np.arange(len(frame))
    frame.loc[rows % 17 == 0, "bmi"] = np.nan
    frame["bp"] = frame["bp"].where(rows % 40 != 1)
    return frame


_BUILDERS: dict[str, Callable[[], pd.DataFrame]] = {
    "iris": _iris,
    "wine": _wine,
    "diabetes": _diabetes,
    "breast_cancer": _breast_cancer,
    "linnerud": _linnerud,
    "longley": _longley,
    "macrodata": _macrodata,
    "grunfeld": _grunfeld,
    "fair": _fair,
    "spector": _spector,
    "stackloss": _stackloss,
    "copper": _copper,
    "statecrime": _statecrime,
    "anes96": _anes96,
    "nile": _nile,
    "co2": _co2,
    "iris_missing": _iris_missing,
    "diabetes_missing": _diabetes_missing,
}

NAMES: tuple[str, ...] = tuple(_BUILDERS)


@cache
def _cached(name: str) -> pd.DataFrame:
    return _BUILDERS[name]()


def load(name: str) -> pd.DataFrame:
    """A fresh copy of the named frame (cached underneath, so callers may mutate it)."""
    if name not in _BUILDERS:
        raise KeyError(f"No dataset {name!r}; known: {', '.join(NAMES)}")
    return _cached(name).copy()
