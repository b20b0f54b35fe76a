"""The public Python API (issue 23): the functions behind every command, with stable signatures.

Users import them from :mod:`jass_sim` (Chibre), :mod:`jass_sim.cribbage` and
:mod:`jass_sim.basra`, where they are loaded lazily; the modules here are :mod:`.jass`,
:mod:`.cribbage`, :mod:`.basra` and the result objects of :mod:`._result`. The command line
(``jass_sim.cli``) is a thin wrapper over these functions: its JSON output is ``to_json()`` of
the result. See ``docs/api.md``.
"""
