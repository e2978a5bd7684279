"""The country table: names, demonyms and alternates in any case, codes only as written."""

from __future__ import annotations

from notebook_router.language.countries import countries_said, country_of, held_as


def test_names_demonyms_and_alternates_name_one_country() -> None:
    assert country_of("Kenya").alpha3 == "KEN"  # type: ignore[union-attr]
    assert country_of("ethiopians").alpha3 == "ETH"  # type: ignore[union-attr]
    assert country_of("Holland").name == "Netherlands"  # type: ignore[union-attr]
    assert country_of("Britain").alpha2 == "GB"  # type: ignore[union-attr]
    assert country_of("UK").alpha3 == "GBR"  # type: ignore[union-attr]
    assert country_of("NED").alpha3 == "NLD"  # type: ignore[union-attr]


def test_codes_only_as_written_in_capitals() -> None:
    assert country_of("us") is None
    assert country_of("ken") is None
    said = countries_said("sales in the us and in it", "sales in the us and in it")
    assert said == []


def test_cells_read_as_countries() -> None:
    assert held_as("United States").alpha2 == "US"  # type: ignore[union-attr]
    assert held_as("GER").name == "Germany"  # type: ignore[union-attr]
    assert held_as("Ohio") is None
    assert held_as(3) is None
