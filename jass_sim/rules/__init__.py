"""Deprecated: the old ``jass_sim.rules`` package, kept only for the thin modules that re-export its
documented names from their new homes (each use warns, naming the new path; see
``docs/architecture.md``, "Old paths"). The package itself is empty and imports nothing, so it
never warns by itself; nothing inside jass_sim imports it."""
