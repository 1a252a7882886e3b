"""`tableside kiosk install` into a staging tree (--root) and as a dry run."""

from __future__ import annotations

import configparser
import os
from dataclasses import replace
from pathlib import Path

import pytest

from hardware.config import load_pin_map
from ui.cli import main
from ui.commands.kiosk import UNIT_NAME

STATE = "var/lib/tableside"


def install(root: Path, *extra: str) -> int:
    return main(["kiosk", "install", "--root", str(root), *extra])


def test_install_into_a_staging_tree(tmp_path: Path, capsys):
    assert install(tmp_path, "--rotation", "180") == 0
    out = capsys.readouterr().out

    unit = tmp_path / "etc/systemd/system" / UNIT_NAME
    text = unit.read_text()
    assert "app --kiosk" in text and "User=tableside" in text
    wants = tmp_path / "etc/systemd/system/multi-user.target.wants" / UNIT_NAME
    assert os.readlink(wants) == f"/etc/systemd/system/{UNIT_NAME}"  # enabled at boot

    kivy = configparser.RawConfigParser()
    kivy.read(tmp_path / STATE / "kivy/config.ini")
    assert kivy["graphics"]["rotation"] == "180"
    assert dict(kivy["input"]) == {"touchscreen": "hidinput,/dev/input/tableside-touch"}

    pins = tmp_path / STATE / "config/pins.toml"
    assert load_pin_map(pins) == replace(load_pin_map(None), source=pins)  # the defaults
    assert (tmp_path / STATE / "data").is_dir()
    rule = (tmp_path / "etc/udev/rules.d/99-tableside-touch.rules").read_text()
    assert 'SYMLINK+="input/tableside-touch"' in rule
    usb = (tmp_path / "etc/udev/rules.d/99-tableside-usb.rules").read_text()
    assert "--options=ro,noexec,nosuid,nodev" in usb and "/media/tableside-usb/%k" in usb

    # system changes are listed, not made, in a staging tree
    assert "skip    run: usermod --append --groups video,render,input,gpio,audio tableside" in out
    assert "skip    run: systemctl daemon-reload" in out
    assert "skip    run: systemctl disable getty@tty1.service" in out


def test_install_locks_the_console_down(tmp_path: Path, capsys):
    """No login prompt on any console, Ctrl+Alt+Del and SysRq do nothing."""
    assert install(tmp_path) == 0
    etc = tmp_path / "etc"
    logind = configparser.ConfigParser()
    logind.read(etc / "systemd/logind.conf.d/tableside-kiosk.conf")
    assert dict(logind["Login"]) == {"nautovts": "0", "reservevt": "0"}
    manager = configparser.ConfigParser()
    manager.read(etc / "systemd/system.conf.d/tableside-kiosk.conf")
    assert manager["Manager"]["CtrlAltDelBurstAction"] == "none"
    assert "kernel.sysrq = 0" in (etc / "sysctl.d/90-tableside-kiosk.conf").read_text()
    for unit in ("autovt@.service", "serial-getty@.service", "ctrl-alt-del.target"):  # masked
        assert os.readlink(etc / "systemd/system" / unit) == "/dev/null"
    unit_text = (etc / "systemd/system" / UNIT_NAME).read_text()
    assert "TTYPath=/dev/tty1" in unit_text and "StandardInput=tty" in unit_text


def test_another_console_can_be_chosen_and_nothing_else(tmp_path: Path, capsys):
    assert install(tmp_path, "--tty", "/dev/tty7") == 0
    unit_text = (tmp_path / "etc/systemd/system" / UNIT_NAME).read_text()
    assert "TTYPath=/dev/tty7" in unit_text and "DeviceAllow=/dev/tty7 rw" in unit_text
    assert "/dev/tty1" not in unit_text
    assert install(tmp_path / "other", "--tty", "/dev/ttyS0") == 2
    assert "--tty: must be a virtual console" in capsys.readouterr().err


def test_installing_again_changes_nothing_and_keeps_an_edited_pin_map(tmp_path: Path, capsys):
    assert install(tmp_path) == 0
    pins = tmp_path / STATE / "config/pins.toml"
    pins.write_text("[buttons]\nbot = 26\n")
    capsys.readouterr()
    assert install(tmp_path) == 0
    out = capsys.readouterr().out
    assert "  do  " not in out  # every file step is already done
    assert "keep /var/lib/tableside/config/pins.toml (already there)" in out
    assert pins.read_text() == "[buttons]\nbot = 26\n"


def test_changed_rotation_rewrites_only_the_kivy_config(tmp_path: Path, capsys):
    install(tmp_path)
    capsys.readouterr()
    install(tmp_path, "--rotation", "90")
    done = [ln for ln in capsys.readouterr().out.splitlines() if ln.startswith("  do ")]
    assert done == ["  do      write /var/lib/tableside/kivy/config.ini"]


def test_dry_run_prints_every_step_and_writes_nothing(tmp_path: Path, capsys):
    assert main(["kiosk", "install", "--dry-run", "--root", str(tmp_path)]) == 0
    assert list(tmp_path.iterdir()) == []
    out = capsys.readouterr().out
    assert f"would   write /etc/systemd/system/{UNIT_NAME}" in out
    assert "would   write /var/lib/tableside/kivy/config.ini" in out


def test_dry_run_on_this_machine_lists_the_system_steps(capsys):
    before = Path("/etc/systemd/system", UNIT_NAME).exists()
    assert main(["kiosk", "install", "--dry-run", "--user", "kiosk-test-user"]) == 0
    out = capsys.readouterr().out
    assert "would   run: useradd --system" in out and "kiosk-test-user" in out
    assert (
        "would   run: usermod --append --groups video,render,input,gpio,audio kiosk-test-user"
        in out
    )
    assert f"would   run: systemctl enable {UNIT_NAME}" in out
    assert Path("/etc/systemd/system", UNIT_NAME).exists() == before


def test_real_install_needs_root(monkeypatch: pytest.MonkeyPatch, capsys):
    monkeypatch.setattr(os, "geteuid", lambda: 1000)
    assert main(["kiosk", "install"]) == 2
    assert "needs root" in capsys.readouterr().err


def test_relative_state_dir_is_refused(tmp_path: Path, capsys):
    assert install(tmp_path, "--state-dir", "var/lib/x") == 2
    assert "--state-dir: must be an absolute path" in capsys.readouterr().err


def test_kiosk_without_action_prints_help(capsys):
    assert main(["kiosk"]) == 2
    assert "install" in capsys.readouterr().out


def test_system_commands_fail_with_a_clear_message():
    from ui.cli import UserError
    from ui.commands.kiosk import _check_call

    _check_call(["true"])
    with pytest.raises(UserError, match="'false' failed \\(exit 1\\)"):
        _check_call(["false"])
    with pytest.raises(UserError, match="no-such-tool is not installed"):
        _check_call(["no-such-tool"])


def test_warns_when_the_kiosk_user_could_not_reach_the_program(tmp_path: Path, capsys):
    private = tmp_path / "home" / "pi"
    program = private / ".venv" / "bin" / "tableside"
    program.parent.mkdir(parents=True)
    program.write_text("#!/bin/sh\n")
    program.chmod(0o755)
    private.chmod(0o700)  # Raspberry Pi OS home directories are private
    stage = tmp_path / "stage"
    assert install(stage, "--exec", str(program)) == 0
    out = capsys.readouterr().out
    assert f"WARNING {private} is not readable by other users" in out
    assert (
        f"ExecStart={program} app --kiosk" in (stage / "etc/systemd/system" / UNIT_NAME).read_text()
    )


def test_an_image_build_without_running_systemd_skips_the_reloads(monkeypatch, capsys):
    """In the image build's chroot (scripts/image/build) there is no udevd or systemd to
    reload: the installer says so instead of failing on `udevadm control --reload`."""
    monkeypatch.setattr("ui.commands.kiosk._systemd_running", lambda: False)
    assert main(["kiosk", "install", "--dry-run"]) == 0
    out = capsys.readouterr().out
    assert "udevadm" not in out and "daemon-reload" not in out
    assert "note    no running systemd (an image being built)" in out
    assert "would   run: systemctl enable tableside-kiosk.service" in out


def test_the_kiosk_reads_whichever_camera_is_plugged_in(tmp_path: Path, capsys):
    """A café box runs the camera by default (``--camera auto``: the Pi camera, else USB);
    ``--camera none`` leaves manual entry only; a typo is refused before anything is written."""
    unit = tmp_path / "a/etc/systemd/system" / UNIT_NAME
    assert install(tmp_path / "a") == 0
    assert "app --kiosk --camera auto\n" in unit.read_text()
    assert install(tmp_path / "b", "--camera", "usb:1") == 0
    assert (
        "app --kiosk --camera usb:1\n"
        in (tmp_path / "b/etc/systemd/system" / UNIT_NAME).read_text()
    )
    assert install(tmp_path / "c", "--camera", "none") == 0
    text = (tmp_path / "c/etc/systemd/system" / UNIT_NAME).read_text()
    assert "app --kiosk\n" in text and "--camera" not in text
    assert install(tmp_path / "d", "--camera", "usb0") == 2
    assert "--camera: must be auto, usb:N, pi or none, not usb0" in capsys.readouterr().err
    assert not (tmp_path / "d").exists()
