"""Answers for the city weather items, in plain pandas."""

from __future__ import annotations

import pandas as pd  # type: ignore[import-untyped, unused-ignore]

from tests.data.trust.answers.common import Answer, Tables, absent, count, mapping, num, ranked, top


def _city(t: Tables, city: str) -> pd.DataFrame:
    frame = t("city_weather")
    return frame[frame["city"] == city]


ANSWERS: dict[str, Answer] = {
    "city_weather-001": lambda t: [num(t("city_weather")["high_temp"].max())],
    "city_weather-002": lambda t: [num(t("city_weather")["avg_humidity"].mean())],
    "city_weather-003": lambda t: [num(t("city_weather")["city"].nunique())],
    "city_weather-004": lambda t: [count(t("city_weather")["high_temp"] > 90)],
    "city_weather-005": lambda t: [count(t("city_weather")["low_temp"].between(30, 40))],
    "city_weather-006": lambda t: [
        num(t("city_weather").loc[lambda f: f["date"] >= "2017-07-01", "avg_wind"].mean())
    ],
    "city_weather-007": lambda t: [count(t("city_weather")["avg_vis"] < 5)],
    "city_weather-008": lambda t: [num(_city(t, "San Diego")["high_temp"].mean())],
    "city_weather-009": lambda t: [count(_city(t, "Chicago")["events"] == "Rain , Thunderstorm")],
    "city_weather-010": lambda t: [
        num(_city(t, "Beijing").loc[lambda f: f["year"] == 2017, "low_temp"].min())
    ],
    "city_weather-011": lambda t: [
        num(_city(t, "Mumbai").loc[lambda f: f["month"] == 8, "avg_humidity"].median())
    ],
    "city_weather-012": lambda t: [num(_city(t, "Auckland")["avg_humidity"].mean())],
    "city_weather-013": lambda t: [num(_city(t, "Chicago")["high_temp"].mean())],
    "city_weather-014": lambda t: [mapping(t("city_weather").groupby("city")["avg_temp"].mean())],
    "city_weather-015": lambda t: [
        mapping(
            _city(t, "Chicago")
            .loc[lambda f: f["year"] == 2017]
            .groupby("month")["high_temp"]
            .mean()
        )
    ],
    "city_weather-016": lambda t: [
        num(
            _city(t, "Chicago")
            .loc[lambda f: (f["year"] == 2016) & (f["high_temp"] > 80)]
            .groupby("month")
            .size()
            .reindex(range(1, 13), fill_value=0)
            .mean()
        )
    ],
    "city_weather-017": lambda t: [top(t("city_weather").groupby("city")["low_temp"].mean())],
    "city_weather-018": lambda t: [ranked(t("city_weather").groupby("city")["avg_wind"].mean(), 2)],
    "city_weather-019": lambda t: [
        ranked(_city(t, "Mumbai").groupby("month")["avg_humidity"].mean(), 3)
    ],
    "city_weather-020": lambda t: [
        num(_city(t, "Chicago")["high_temp"].mean()),
        num(_city(t, "Beijing")["high_temp"].mean()),
    ],
    "city_weather-021": lambda t: [
        num(
            _city(t, "San Diego").query("year == 2017 and month == 1")["avg_temp"].mean()
            - _city(t, "Chicago").query("year == 2017 and month == 1")["avg_temp"].mean()
        )
    ],
    "city_weather-022": lambda t: [
        num(t("weather_chicago")["avg_temp"].mean()),
        num(t("weather_san_diego")["avg_temp"].mean()),
    ],
    "city_weather-023": lambda t: [
        count(t("weather_chicago")["low_temp"] < 32),
        count(t("weather_san_diego")["low_temp"] < 32),
    ],
    "city_weather-024": lambda t: [num(t("weather_san_diego")["high_temp"].max())],
    "city_weather-025": lambda t: [
        num(_city(t, "Beijing")["high_temp"].mean()),
        num(_city(t, "Beijing")["low_temp"].mean()),
    ],
    "city_weather-026": lambda t: [
        count(_city(t, "San Diego")["events"] == "Fog"),
        num(_city(t, "San Diego")["avg_vis"].mean()),
    ],
    "city_weather-027": lambda t: [num(_city(t, "Mumbai")["high_temp"].mean())],
    "city_weather-028": lambda t: [mapping(t("city_weather").groupby("city")["avg_temp"].max())],
    "city_weather-029": lambda t: [mapping(t("city_weather").groupby("city")["high_temp"].mean())],
    "city_weather-030": lambda t: [absent(t("city_weather"), "uv", "ultraviolet")],
    "city_weather-031": lambda t: [absent(t("city_weather"), "quality", "aqi", "pollut")],
    "city_weather-032": lambda t: [
        num(
            t("weather_chicago")["avg_humidity"].mean()
            - t("weather_san_diego")["avg_humidity"].mean()
        )
    ],
    "city_weather-033": lambda t: [
        mapping(
            t("weather_san_diego")
            .loc[lambda f: f["year"] == 2016]
            .groupby("month")["high_temp"]
            .mean()
        )
    ],
    "city_weather-034": lambda t: [num(t("weather_san_diego")["low_temp"].min())],
    "city_weather-035": lambda t: [
        count(_city(t, "Mumbai")["high_temp"] >= 95),
        num(_city(t, "Mumbai")["avg_dewpt"].mean()),
    ],
    "city_weather-036": lambda t: [
        mapping(
            _city(t, "Chicago").loc[lambda f: f["year"] == 2016].groupby("month")["avg_temp"].mean()
        )
    ],
}
