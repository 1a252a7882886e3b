"""The staff board: every table of the café on one web page, live, read-only.

It runs on the hub beside Mosquitto and the keeper (``tableside fleet board --config
FILE``). It connects to the broker as the ``board`` account, which the ACL lets only
read (:func:`fleet.protocol.acl_text`), and its web server has no route that changes
anything: it is read-only by construction, twice. Staff log in with a password (HTTP
basic authentication; HTTPS with the café CA's server certificate when configured).

- :mod:`fleet.board.state`: the tiles, built from the received messages (no I/O).
- :mod:`fleet.board.listen`: the paho client that feeds them.
- :mod:`fleet.board.web`: the aiohttp app: the page, its script and the live stream
  (Server-Sent Events), behind the password.
- :mod:`fleet.board.config`: the configuration file.
- :mod:`fleet.board.texts`: every word on the page, translated (en/de/pt).
"""
