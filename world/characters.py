"""Who lives in the world: NPCs and players, with persona text and traits in [0, 1]."""

from __future__ import annotations

from pydantic import BaseModel, Field, field_validator


class Sale(BaseModel):
    """One ware a scenario says a character sells (`sells:`): priced as written, before the built-in trades."""

    ware: str
    price: int = Field(ge=0)
    per: str = ""
    words: list[str] = Field(default_factory=list)  # other words a player may ask it by ("fare", "berth")


class Character(BaseModel):
    """An NPC or a player. Traits drive behaviour (candour, exaggeration, talkativeness...)."""

    id: str
    name: str
    role: str = ""
    persona: str = ""
    pronoun: str = ""  # "he" / "she" / "they" as the scenario declares it; "": read from persona, role and name
    traits: dict[str, float] = Field(default_factory=dict)
    is_player: bool = False
    sells: list[Sale] = Field(default_factory=list)

    @field_validator("traits")
    @classmethod
    def _traits_in_unit_range(cls, traits: dict[str, float]) -> dict[str, float]:
        for key, value in traits.items():
            if not 0.0 <= value <= 1.0:
                raise ValueError(f"trait {key!r} must be in [0, 1], got {value}")
        return traits

    def trait(self, key: str, default: float = 0.5) -> float:
        return self.traits.get(key, default)
