"""Answers for the Seattle weather items (one row a day, 2012-2015)."""

from __future__ import annotations

from tests.data.trust.answers.common import Answer, absent, count, key, mapping, num, ranked, top

ANSWERS: dict[str, Answer] = {
    "seattle_weather-001": lambda t: [num(t("seattle_weather")["temp_max"].max())],
    "seattle_weather-002": lambda t: [len(t("seattle_weather"))],
    "seattle_weather-003": lambda t: [count(t("seattle_weather")["precipitation"] > 20)],
    "seattle_weather-004": lambda t: [
        num(t("seattle_weather").loc[lambda d: d["date"].dt.year == 2014, "temp_max"].mean())
    ],
    "seattle_weather-005": lambda t: [
        count(
            t("seattle_weather").pipe(lambda d: (d["date"].dt.year == 2015) & (d["temp_max"] > 30))
        )
    ],
    "seattle_weather-006": lambda t: [count(t("seattle_weather")["weather"] == "snow")],
    "seattle_weather-007": lambda t: [
        num(t("seattle_weather").query("weather == 'fog'")["wind"].mean())
    ],
    "seattle_weather-008": lambda t: [
        num(t("seattle_weather").loc[lambda d: d["date"].dt.year == 2013, "precipitation"].sum())
    ],
    "seattle_weather-009": lambda t: [num(t("seattle_weather")["wind"].mean())],
    "seattle_weather-010": lambda t: [
        mapping(
            t("seattle_weather").pipe(lambda d: d.groupby(d["date"].dt.year)["precipitation"].sum())
        )
    ],
    "seattle_weather-011": lambda t: [mapping(t("seattle_weather").groupby("weather").size())],
    "seattle_weather-012": lambda t: [
        top(
            t("seattle_weather").pipe(lambda d: d.groupby(d["date"].dt.year)["precipitation"].sum())
        )
    ],
    "seattle_weather-013": lambda t: [
        ranked(t("seattle_weather").groupby("weather")["wind"].mean(), 3)
    ],
    "seattle_weather-014": lambda t: [
        num(t("seattle_weather").query("weather == 'sun'")["temp_max"].mean()),
        num(t("seattle_weather").query("weather == 'rain'")["temp_max"].mean()),
    ],
    "seattle_weather-015": lambda t: [
        num(t("weather_2012")["precipitation"].sum()),
        num(t("weather_2015")["precipitation"].sum()),
    ],
    "seattle_weather-016": lambda t: [
        top({"weather_2012": len(t("weather_2012")), "weather_2015": len(t("weather_2015"))}),
        len(t("weather_2012")),
        len(t("weather_2015")),
    ],
    "seattle_weather-017": lambda t: [
        num(t("seattle_weather")["temp_min"].min()),
        top(t("seattle_weather").set_index("date")["temp_min"], ascending=True),
    ],
    "seattle_weather-018": lambda t: [
        num(
            t("seattle_weather")
            .loc[lambda d: (d["date"].dt.year == 2014) & (d["date"].dt.month == 7), "temp_max"]
            .mean()
        )
    ],
    "seattle_weather-019": lambda t: [
        {
            key(month)[:7]: num(value)
            for month, value in t("seattle_weather")
            .set_index("date")["temp_max"]
            .resample("MS")
            .mean()
            .items()
        }
    ],
    "seattle_weather-020": lambda t: [
        mapping(t("seattle_weather").groupby("weather")["wind"].mean())
    ],
    "seattle_weather-021": lambda t: [absent(t("seattle_weather"), "humid")],
    "seattle_weather-022": lambda t: [count(t("weather_2015")["weather"] == "rain")],
    "seattle_weather-023": lambda t: [num(t("seattle_weather")["temp_min"].mean())],
    "seattle_weather-024": lambda t: [key(t("seattle_weather")["date"].min())],
    "seattle_weather-025": lambda t: [
        num(t("weather_2012")["wind"].mean()),
        num(t("weather_2015")["wind"].mean()),
    ],
    "seattle_weather-026": lambda t: [count(t("seattle_weather")["precipitation"] > 10)],
    "seattle_weather-027": lambda t: [
        count(~t("seattle_weather")["weather"].isin(["sun", "rain"]))
    ],
    "seattle_weather-028": lambda t: [
        top(
            t("seattle_weather")
            .assign(year=lambda f: f["date"].dt.year)
            .groupby("year")["precipitation"]
            .sum(),
            ascending=True,
        )
    ],
    "seattle_weather-029": lambda t: [
        num(
            t("seattle_weather").query("weather == 'sun'")["temp_max"].mean()
            - t("seattle_weather").query("weather == 'rain'")["temp_max"].mean()
        )
    ],
    "seattle_weather-030": lambda t: [
        mapping(t("seattle_weather").groupby("weather")["temp_min"].mean())
    ],
    "seattle_weather-031": lambda t: [
        mapping(
            t("seattle_weather")
            .assign(year=lambda f: f["date"].dt.year)
            .groupby("year")["precipitation"]
            .sum()
        )
    ],
    "seattle_weather-032": lambda t: [
        count(
            t("seattle_weather")
            .assign(year=lambda f: f["date"].dt.year)
            .eval("weather == 'fog' and year == 2014")
        )
    ],
    "seattle_weather-033": lambda t: [count(t("seattle_weather")["temp_min"] < 0)],
    "seattle_weather-034": lambda t: [absent(t("seattle_weather"), "humid")],
    "seattle_weather-035": lambda t: [num(t("seattle_weather")["temp_max"].max())],
    "seattle_weather-036": lambda t: [
        num(
            t("seattle_weather")
            .loc[lambda f: f["date"].between("2015-07-01", "2015-07-31"), "temp_max"]
            .mean()
        ),
        count(t("seattle_weather")["weather"] == "snow"),
    ],
    "seattle_weather-037": lambda t: [
        count(t("weather_2012")["weather"] == "rain"),
        count(t("weather_2015")["weather"] == "rain"),
    ],
    "seattle_weather-038": lambda t: [num(t("seattle_weather")["wind"].median())],
    "seattle_weather-039": lambda t: [num(t("seattle_weather")["precipitation"].sum())],
}
