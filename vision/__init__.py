"""The camera: read marker counts per tray and colour, and stickered components on board grids.

Vision proposes, the rules core decides, the players confirm. Entry points:
:class:`vision.reader.TableReader` (``read(frames) -> Reading``),
:func:`vision.reader.read_camera`, :mod:`vision.calibration`,
:func:`vision.sources.open_source`, and :mod:`vision.render` for synthetic scenes.
See docs/vision.md.
"""
