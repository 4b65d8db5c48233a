"""townsfolk: an engine for NPC social worlds.

The four floors install under this one namespace (``townsfolk.world``, ``townsfolk.memory``,
``townsfolk.agents``, ``townsfolk.sim``); this module is the public front door.
"""

__version__ = "0.1.0"
__all__ = ["__version__"]
