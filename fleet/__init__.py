"""The café fleet: each box mirrors its games to a hub (Mosquitto + keeper + staff board).

A box stays the only authority for its games; the hub holds a mirror (the keeper's
SQLite) and relays explicit staff commands. ``rules/`` knows nothing of this package.
The topics and payloads both sides speak are in :mod:`fleet.protocol`.
"""
