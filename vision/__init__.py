"""The camera: read marker counts per tray and colour, and stickered components on board grids.

Vision proposes, the rules core decides, the players confirm. Entry points:
:class:`vision.reader.TableReader` (``read(frames) -> Reading``),
:func:`vision.reader.read_camera`, :mod:`vision.calibration`,
:func:`vision.sources.open_source`, :mod:`vision.closed_loop` (did the table change as the
bot said?), :mod:`vision.battleground_view` (Ante Portas on camera), and
:mod:`vision.table_render` for photo-like test scenes.
See docs/vision.md.
"""
