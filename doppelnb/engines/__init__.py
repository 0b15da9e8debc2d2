"""One module (or package) per game, each importable on its own:

``doppeldoppel``, ``doppelganger_tricks``, ``doppelganger_quest``, ``groom_lake``, ``doppel_doubt``.
Engines import only :mod:`doppelnb.core` and the standard scientific stack, never widgets.
"""
