"""Refuse query parameters a route does not know.

FastAPI ignores them, which turns a typo into a different request: `DELETE .../memories?NPC=ida`
or `?memori=e3` used to erase everything the player had, world-wide, with no undo. Every route
names its parameters, so anything else is a 422 naming the parameter and the ones it takes.
"""

from __future__ import annotations

from fastapi import Request

from townsfolk.sim.server import ApiError


def _query_names(dependant: object) -> set[str]:
    """The query parameters of a route's dependant and of every dependency under it."""
    names = {p.alias for p in dependant.query_params}  # type: ignore[attr-defined]
    for sub in dependant.dependencies:  # type: ignore[attr-defined]
        names |= _query_names(sub)
    return names


def _names(route: object) -> frozenset[str]:
    """Kept on the route itself: keyed by id() a new app's route could reuse a dead one's id."""
    names = getattr(route, "townsfolk_query_names", None)
    if names is None:
        names = frozenset(_query_names(route.dependant))  # type: ignore[attr-defined]
        route.townsfolk_query_names = names  # type: ignore[attr-defined]
    return names


async def known_query_only(request: Request) -> None:
    """A router dependency: 422 on a query parameter the matched route does not take."""
    if not request.query_params:
        return
    route = request.scope.get("route")
    if route is None or not hasattr(route, "dependant"):
        return
    known = _names(route)
    for name in request.query_params:
        if name not in known:
            takes = ", ".join(sorted(known)) or "none"
            raise ApiError(422, name, f"unknown query parameter {name!r} (this route takes: {takes})")
