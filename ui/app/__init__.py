"""The Kivy touchscreen app.

Logic lives in small modules without Kivy (:mod:`ui.app.controller`,
:mod:`ui.app.presenters`, :mod:`ui.app.form`, :mod:`ui.app.keys`,
:mod:`ui.app.settings`, :mod:`ui.app.camera`); the widgets in
:mod:`ui.app.screens` and the ``.kv`` files in ``ui/app/kv/`` only render what
the presenters hand them. :mod:`ui.app.main` wires it together.
"""
