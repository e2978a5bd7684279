"""A three-level tree of travel agents over a small bundled data set (``data/travel.json``).

::

    travel                      splits a trip into flights, a stay and things to do
    ├── flights
    ├── hotels
    └── experiences             a group: hands every request to its agents
        ├── restaurants
        ├── tours
        └── events

``travel`` answers "Plan a trip to Italy with great food" by splitting it:
flights and hotels for the destination, and one request to ``experiences``
per interest ("great food"), which goes on to ``restaurants``. The branches
run in parallel. Each leaf says ``unable`` when a request is not about its
topic, so a group finds the right member by asking them all.

The data is synthetic (plausible names and prices, not live offers). Each
lookup waits :data:`SERVICE_LATENCY_S` to stand in for the remote API a real
agent would call, so a run shows its branches overlapping in time::

    python -m notebook_router run --agents notebook_router.examples.travel \\
        "Plan a trip to Italy with great food"
"""

from __future__ import annotations

import asyncio
import json
import re
from functools import cache
from importlib import resources
from typing import Any

from notebook_router.agents.delegation import Delegate
from notebook_router.agents.discovery import AgentTree
from notebook_router.agents.function import agent
from notebook_router.agents.group import AgentGroup
from notebook_router.errors import NeedsUserInput, Unable
from notebook_router.result import AgentResult

SERVICE_LATENCY_S = 0.05
"""How long each lookup waits, standing in for a real agent's remote call."""

FOOD = ("food", "eat", "dining", "dinner", "lunch", "restaurant", "cuisine", "trattoria", "pizza")
TOURS = ("tour", "guide", "museum", "sightseeing", "sights", "history", "walk", "ruins", "art")
EVENTS = ("event", "concert", "opera", "show", "festival", "music", "carnival", "nightlife")
_INTEREST_SPLIT = re.compile(r"\s*(?:,|\band\b|\bplus\b|&)\s*", re.I)
_INTERESTS = re.compile(r"\b(?:with|including|for)\s+(.+)$", re.I)
_ORIGIN = re.compile(r"\bfrom\s+([A-Z][a-z]+(?:\s[A-Z][a-z]+)?)")


@cache
def travel_data() -> dict[str, Any]:
    """The bundled data set (flights, hotels, restaurants, tours, events)."""
    text = resources.files("notebook_router.examples").joinpath("data/travel.json").read_text()
    data: dict[str, Any] = json.loads(text)
    return data


def cities() -> list[str]:
    """Every city the data knows."""
    data = travel_data()
    names = {
        row["city"] for key in ("hotels", "restaurants", "tours", "events") for row in data[key]
    }
    return sorted(names)


def destination(text: str) -> str | None:
    """The city a request is about ("Italy" means its gateway, Rome), if any."""
    lowered = text.lower()
    for city in cities():
        if re.search(rf"\b{city.lower()}\b", lowered):
            return city
    for country, gateway in travel_data()["gateways"].items():
        if re.search(rf"\b{country}\b", lowered):
            return str(gateway)
    return None


def mentions(text: str, words: tuple[str, ...]) -> bool:
    """Whether ``text`` mentions any of ``words`` (as a word start: "museums" counts)."""
    lowered = text.lower()
    return any(re.search(rf"\b{w}", lowered) for w in words)


def interests(text: str) -> list[str]:
    """The things to do a trip request asks for that ``experiences`` has an agent for.

    "with great food and opera" → two. Asked of the tree itself (capability
    routing inside ``experiences``), so an agent added to it later, such as
    a notebook cell, is found too.
    """
    match = _INTERESTS.search(text)
    if match is None:
        return []
    tree = AgentTree([experiences])
    parts = [p.strip(" .!?") for p in _INTEREST_SPLIT.split(match.group(1))]
    return [p for p in parts if p and tree.route(p, within=experiences.name)]


async def _lookup() -> None:
    await asyncio.sleep(SERVICE_LATENCY_S)


def _need_city(task: str, what: str) -> str:
    city = destination(task)
    if city is None:
        raise NeedsUserInput(
            f"Which city should I look for {what} in? I know {', '.join(cities())}."
        )
    return city


# ---------------------------------------------------------------- the tree


@agent(
    can=["trip", "travel", "holiday", "vacation", "itinerary", ("weekend", 0.8), ("plan", 0.6)],
    description="Plans trips: splits a trip into flights, a place to stay and things to do.",
)
def travel(task: str) -> Delegate:
    """Plans trips: splits a trip into flights, a place to stay and things to do."""
    city = destination(task)
    if city is None:
        raise NeedsUserInput(
            f"Where would you like to go? I can plan trips to {', '.join(cities())}."
        )
    origin = _ORIGIN.search(task)
    leaving = f" from {origin.group(1)}" if origin else ""
    asks: list[tuple[str, str]] = [
        ("flights", f"Flights to {city}{leaving}"),
        ("hotels", f"Hotels in {city}"),
    ]
    asks += [("experiences", f"{wish[:1].upper()}{wish[1:]} in {city}") for wish in interests(task)]
    return Delegate(*asks)


@agent(
    can=["flights", "airfare", "airline", "fly"],
    parent=travel,
    description="Finds flights to a city, cheapest first (from a named city, or from each hub).",
)
async def flights(task: str) -> AgentResult:
    """Finds flights to a city, cheapest first."""
    if not mentions(task, ("flight", "fly", "airfare", "airline", "plane")):
        raise Unable("only flights")
    city = _need_city(task, "flights")
    await _lookup()
    rows = [f for f in travel_data()["flights"] if f["to"] == city]
    origin = _ORIGIN.search(task)
    if origin:
        rows = [f for f in rows if f["from"].lower() == origin.group(1).lower()]
    if not rows:
        raise Unable(
            f"no flights to {city} in the data" + (f" from {origin.group(1)}" if origin else "")
        )
    best: dict[str, dict[str, Any]] = {}
    for row in sorted(rows, key=lambda f: f["price_eur"]):
        best.setdefault(row["from"], row)
    picks = list(best.values())[:3]
    summary = ", ".join(
        f"{f['from']}→{f['to']} {f['airline']} €{f['price_eur']}"
        + ("" if f["stops"] == 0 else f" ({f['stops']} stop)")
        for f in picks
    )
    # Without an origin these are options from several hubs, not one booking.
    return AgentResult(data=picks, summary=summary, confidence=0.95 if origin else 0.75)


@agent(
    can=["hotels", "accommodation", "stay", "lodging"],
    parent=travel,
    description="Finds hotels in a city, best rated first (cheapest first when asked for budget).",
)
async def hotels(task: str) -> AgentResult:
    """Finds hotels in a city."""
    if not mentions(task, ("hotel", "stay", "accommodation", "lodging", "room", "sleep")):
        raise Unable("only hotels")
    city = _need_city(task, "hotels")
    await _lookup()
    rows = [h for h in travel_data()["hotels"] if h["city"] == city]
    if not rows:
        raise Unable(f"no hotels in {city} in the data")
    cheap = mentions(task, ("cheap", "budget", "affordable"))
    rows.sort(
        key=lambda h: (h["price_eur"], -h["rating"]) if cheap else (-h["rating"], h["price_eur"])
    )
    picks = rows[:2]
    summary = ", ".join(
        f"{h['name']} ({h['area']}, €{h['price_eur']}/night, {h['rating']}★)" for h in picks
    )
    return AgentResult(data=picks, summary=summary, confidence=0.9)


experiences = AgentGroup(
    "experiences",
    can=["experiences", "activities", "things to do", "food", "tours", "events"],
    description="Things to do at the destination: food, tours and events, through its own agents.",
    parent=travel,
)


@agent(
    can=["restaurants", "food", "dining", "cuisine", "eat"],
    parent=experiences,
    description="Recommends restaurants in a city, best rated first.",
)
async def restaurants(task: str) -> AgentResult:
    """Recommends restaurants in a city, best rated first."""
    if not mentions(task, FOOD):
        raise Unable("only food and restaurants")
    city = _need_city(task, "restaurants")
    await _lookup()
    rows = sorted(
        (r for r in travel_data()["restaurants"] if r["city"] == city), key=lambda r: -r["rating"]
    )
    if not rows:
        raise Unable(f"no restaurants in {city} in the data")
    picks = rows[:3]
    summary = ", ".join(f"{r['name']} ({r['dish']}, {r['rating']}★)" for r in picks)
    return AgentResult(data=picks, summary=summary, confidence=0.9)


@agent(
    can=["tours", "guides", "sightseeing", "museums"],
    parent=experiences,
    description="Finds guided tours and museum visits in a city.",
)
async def tours(task: str) -> AgentResult:
    """Finds guided tours and museum visits in a city."""
    if not mentions(task, TOURS):
        raise Unable("only tours and sightseeing")
    city = _need_city(task, "tours")
    await _lookup()
    picks = [t for t in travel_data()["tours"] if t["city"] == city][:3]
    if not picks:
        raise Unable(f"no tours in {city} in the data")
    summary = ", ".join(f"{t['name']} ({t['hours']} h, €{t['price_eur']})" for t in picks)
    return AgentResult(data=picks, summary=summary, confidence=0.85)


@agent(
    can=["events", "concerts", "opera", "shows", "festivals"],
    parent=experiences,
    description="Finds concerts, opera, shows and festivals in a city.",
)
async def events(task: str) -> AgentResult:
    """Finds concerts, opera, shows and festivals in a city."""
    if not mentions(task, EVENTS):
        raise Unable("only events, concerts and shows")
    city = _need_city(task, "events")
    await _lookup()
    picks = [e for e in travel_data()["events"] if e["city"] == city][:3]
    if not picks:
        raise Unable(f"no events in {city} in the data")
    summary = ", ".join(f"{e['name']} ({e['month']})" for e in picks)
    return AgentResult(data=picks, summary=summary, confidence=0.8)


AGENTS = [travel]
"""What ``--agents notebook_router.examples.travel`` loads: the top of the tree."""
