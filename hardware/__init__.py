"""Buttons, LEDs and the systemd watchdog: the table assistant's physical edge.

- :mod:`hardware.config`   the pin map (TOML, BCM numbers, documented defaults)
- :mod:`hardware.pins`     which gpiozero pin factory to use (lgpio on a Pi, mock elsewhere)
- :mod:`hardware.debounce` a pure state machine: bouncing edges -> clean presses and holds
- :mod:`hardware.panel`    the four buttons as gpiozero devices feeding that machine
- :mod:`hardware.lights`   the status LED and the tray LEDs
- :mod:`hardware.watchdog` ``sd_notify`` READY/WATCHDOG/STOPPING for the kiosk unit

The package imports :mod:`rules` (errors, text) and gpiozero, never :mod:`ui`.
See docs/hardware.md.
"""
