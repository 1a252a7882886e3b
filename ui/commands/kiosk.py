"""``tableside kiosk install``: make a Raspberry Pi OS Lite box boot into the app.

It creates the kiosk user (groups video, render, input, gpio, audio), the
state directories (data, config, Kivy home), the systemd unit, the kiosk
Kivy config, a default pin map and the udev rule naming the touchscreen,
locks the console down (no login prompt on any virtual console, Ctrl+Alt+Del
and SysRq do nothing), then enables the unit. Everything it does is a list
of steps, printed as it goes; ``--dry-run`` prints them without doing
anything, and ``--root DIR`` writes the files into a staging tree instead of
``/`` (system commands such as ``useradd`` are then listed as skipped). Running it again is safe: it
creates only what is missing and never overwrites an edited pin map.

The templates live in the checkout's ``systemd/`` directory; see docs/kiosk.md.
"""

from __future__ import annotations

import argparse
import grp
import importlib.util
import os
import pwd
import re
import shutil
import subprocess
import sys
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from hardware.config import PIN_MAP_FILENAME, default_toml
from ui.cli import UserError

TEMPLATES = Path(__file__).resolve().parents[2] / "systemd"
UNIT_NAME = "tableside-kiosk.service"
UDEV_RULE = "99-tableside-touch.rules"
#: Mounts USB sticks read-only for the component import (ui/usb.py).
USB_RULE = "99-tableside-usb.rules"
KIVY_TEMPLATE = "kivy-kiosk.ini"
APT_LIST = "apt-kiosk.txt"
LOGIND_CONF = "logind-kiosk.conf"
SYSTEM_CONF = "system-kiosk.conf"
SYSCTL_CONF = "sysctl-kiosk.conf"
#: Units masked so no key press reaches them: logins on other consoles and on the
#: serial console (a Pi's cmdline.txt says console=serial0, and systemd starts a
#: login prompt on every serial console it is given), Ctrl+Alt+Del.
MASKED = ("autovt@.service", "serial-getty@.service", "ctrl-alt-del.target")
GROUPS = ("video", "render", "input", "gpio", "audio")
DEFAULT_EXEC = "/opt/tableside/.venv/bin/tableside"
DEFAULT_STATE = "/var/lib/tableside"
DEFAULT_CAMERA = "auto"
"""The kiosk's camera: the Pi camera, else a USB camera (``vision.sources.AnyCamera``)."""
DEFAULT_USER = "tableside"
DEFAULT_TOUCH = "/dev/input/tableside-touch"
DEFAULT_TTY = "/dev/tty1"


@dataclass(frozen=True)
class KioskOptions:
    """What to install, with the documented defaults."""

    exec_path: str = DEFAULT_EXEC
    user: str = DEFAULT_USER
    state_dir: str = DEFAULT_STATE
    rotation: int = 0
    touch: str = "hidinput"
    touch_device: str = DEFAULT_TOUCH
    tty: str = DEFAULT_TTY
    camera: str = DEFAULT_CAMERA

    @property
    def writable(self) -> tuple[str, str, str]:
        """The only directories the unit may write: data, config, Kivy home."""
        return (f"{self.state_dir}/data", f"{self.state_dir}/config", f"{self.state_dir}/kivy")


# --- rendering the templates -----------------------------------------------------


def template(name: str) -> str:
    path = TEMPLATES / name
    try:
        return path.read_text("utf-8")
    except OSError as exc:
        raise UserError(
            f"cannot read {path} ({exc.strerror}); run tableside from its checkout "
            "(the kiosk templates are not part of an installed wheel)"
        ) from exc


def render_unit(options: KioskOptions, text: str | None = None) -> str:
    """The unit file with this box's program, user and state directory filled in."""
    text = template(UNIT_NAME) if text is None else text
    checkout = _checkout_of(options.exec_path)
    text = text.replace(DEFAULT_EXEC, options.exec_path)
    if checkout is not None:
        text = text.replace("file:///opt/tableside/", f"file://{checkout}/")
    text = text.replace(DEFAULT_STATE, options.state_dir)
    text = text.replace(DEFAULT_TTY, options.tty)
    text = re.sub(r"(?m)^(User|Group)=.*$", rf"\1={options.user}", text)
    camera = "" if options.camera == "none" else f" --camera {options.camera}"
    return text.replace(f" --camera {DEFAULT_CAMERA}", camera)


def render_kivy_config(options: KioskOptions, text: str | None = None) -> str:
    """The kiosk Kivy config with this box's rotation and single touch route."""
    if options.rotation not in (0, 90, 180, 270):
        raise UserError(f"--rotation: must be 0, 90, 180 or 270, not {options.rotation}")
    if options.touch not in ("hidinput", "mtdev"):
        raise UserError(f"--touch: must be hidinput or mtdev, not {options.touch}")
    text = template(KIVY_TEMPLATE) if text is None else text
    text = re.sub(r"(?m)^rotation = .*$", f"rotation = {options.rotation}", text)
    route = f"touchscreen = {options.touch},{options.touch_device}"
    return re.sub(r"(?m)^touchscreen = .*$", route, text)


def apt_packages() -> list[str]:
    """The Debian packages listed in systemd/apt-kiosk.txt."""
    names = []
    for line in template(APT_LIST).splitlines():
        word = line.split("#", 1)[0].split()
        if word:
            names.append(word[0])
    return names


def _checkout_of(exec_path: str) -> Path | None:
    path = Path(exec_path)
    if path.parent.name == "bin" and path.parent.parent.name == ".venv":
        return path.parent.parent.parent
    return None


# --- the plan ----------------------------------------------------------------------


@dataclass
class Step:
    """One thing the installer does; ``system`` steps change users, packages or services."""

    text: str
    action: Callable[[], None] | None = None
    system: bool = False
    needed: bool = True
    note: bool = False


@dataclass
class Plan:
    root: Path | None
    steps: list[Step] = field(default_factory=list)

    def path(self, absolute: str) -> Path:
        """Where an absolute system path lands (inside the staging root, if any)."""
        return self.root / absolute.lstrip("/") if self.root else Path(absolute)

    def run(self, argv: list[str], why: str = "", needed: bool = True) -> None:
        text = "run: " + " ".join(argv) + (f"  ({why})" if why else "")
        self.steps.append(Step(text, lambda: _check_call(argv), system=True, needed=needed))

    def note(self, text: str) -> None:
        """A line that is printed and does nothing."""
        self.steps.append(Step(text, needed=False, note=True))

    def mkdir(self, absolute: str, owner: str | None = None) -> None:
        target = self.path(absolute)
        chown = owner if self.root is None else None

        def make() -> None:
            target.mkdir(parents=True, exist_ok=True)
            if chown:
                shutil.chown(target, chown, chown)

        self.steps.append(Step(f"directory {absolute}", make, needed=not target.is_dir()))

    def write(self, absolute: str, text: str, owner: str | None = None, keep: bool = False) -> None:
        """Write a file; ``keep`` leaves an existing one alone (the staff may have edited it)."""
        target = self.path(absolute)
        chown = owner if self.root is None else None
        if keep and target.exists():
            self.steps.append(Step(f"keep {absolute} (already there)", needed=False))
            return
        unchanged = target.exists() and target.read_text("utf-8") == text

        def write() -> None:
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_text(text, "utf-8")
            target.chmod(0o644)
            if chown:
                shutil.chown(target, chown, chown)

        self.steps.append(Step(f"write {absolute}", write, needed=not unchanged))

    def symlink(self, absolute: str, points_to: str) -> None:
        link = self.path(absolute)

        def make() -> None:
            link.parent.mkdir(parents=True, exist_ok=True)
            link.unlink(missing_ok=True)
            link.symlink_to(points_to)

        done = link.is_symlink() and os.readlink(link) == points_to
        self.steps.append(Step(f"link {absolute} -> {points_to}", make, needed=not done))


def build_plan(options: KioskOptions, root: Path | None) -> Plan:
    """Every step, in order, for this box (``root``: a staging tree instead of ``/``)."""
    plan = Plan(root)
    user = options.user
    unit_text = render_unit(options)
    kivy_text = render_kivy_config(options)

    missing = [p for p in apt_packages() if not _package_installed(p)]
    if missing:
        plan.run(["apt-get", "install", "-y", *missing], "kiosk packages")
    for group in GROUPS:
        if not _group_exists(group):
            plan.run(["groupadd", "--system", group], f"the unit needs group {group}")
    if not _user_exists(user):
        plan.run(
            ["useradd", "--system", "--user-group", "--home-dir", options.state_dir,
             "--no-create-home", "--shell", "/usr/sbin/nologin", user],
            "the non-root kiosk user",
        )  # fmt: skip
    plan.run(
        ["usermod", "--append", "--groups", ",".join(GROUPS), user], "screen, touch, GPIO, sound"
    )

    plan.mkdir(options.state_dir, user)
    for directory in options.writable:
        plan.mkdir(directory, user)
    plan.write(f"{options.state_dir}/kivy/config.ini", kivy_text, user)
    plan.write(f"{options.state_dir}/config/{PIN_MAP_FILENAME}", default_toml(), user, keep=True)
    plan.write(f"/etc/udev/rules.d/{UDEV_RULE}", template(UDEV_RULE))
    plan.write(f"/etc/udev/rules.d/{USB_RULE}", template(USB_RULE))
    plan.write(f"/etc/systemd/system/{UNIT_NAME}", unit_text)
    plan.write("/etc/systemd/logind.conf.d/tableside-kiosk.conf", template(LOGIND_CONF))
    plan.write("/etc/systemd/system.conf.d/tableside-kiosk.conf", template(SYSTEM_CONF))
    plan.write("/etc/sysctl.d/90-tableside-kiosk.conf", template(SYSCTL_CONF))

    if root is None and not _systemd_running():
        # An image being built in a chroot (scripts/image/build): no udevd or
        # systemd to tell; the rules and the unit are read at the first boot.
        plan.note(
            "no running systemd (an image being built): "
            "udev and systemd read the new files at first boot"
        )
    else:
        plan.run(["udevadm", "control", "--reload"], "pick up the touchscreen and USB stick rules")
        plan.run(["udevadm", "trigger", "--subsystem-match=input", "--action=change"])
        plan.run(["systemctl", "daemon-reload"])
    plan.run(["systemctl", "disable", "getty@tty1.service"], "no login prompt under the app")
    if root is None:
        plan.run(["systemctl", "mask", *MASKED], "no login on other consoles, no Ctrl+Alt+Del")
    else:  # what `systemctl mask` does
        for unit in MASKED:
            plan.symlink(f"/etc/systemd/system/{unit}", "/dev/null")
    if root is None:
        plan.run(["systemctl", "enable", UNIT_NAME], "start at boot")
    else:  # what `systemctl enable` does for WantedBy=multi-user.target
        plan.symlink(
            f"/etc/systemd/system/multi-user.target.wants/{UNIT_NAME}",
            f"/etc/systemd/system/{UNIT_NAME}",
        )
    return plan


def execute(plan: Plan, dry_run: bool, say: Callable[[str], None] = print) -> None:
    for step in plan.steps:
        if step.note:
            say(f"  note    {step.text}")
        elif not step.needed:
            say(f"  ok      {step.text}")
        elif step.system and plan.root is not None:
            say(f"  skip    {step.text}  [staging root: system command not run]")
        elif dry_run:
            say(f"  would   {step.text}")
        else:
            say(f"  do      {step.text}")
            if step.action is not None:
                step.action()


# --- the command ---------------------------------------------------------------------


def register(sub: argparse._SubParsersAction) -> None:
    parser = sub.add_parser("kiosk", help="set up the boot-to-app kiosk (Raspberry Pi OS Lite)")
    actions = parser.add_subparsers(dest="action", metavar="ACTION")
    install = actions.add_parser(
        "install",
        help="install the kiosk user, systemd unit and Kivy config",
        description=(
            "Set up this Raspberry Pi OS Lite box to boot straight into the tableside app: "
            "user, groups, systemd unit, kiosk Kivy config, touchscreen rule. Needs root "
            "unless --dry-run or --root. See docs/kiosk.md."
        ),
    )
    install.add_argument("--dry-run", action="store_true", help="print the steps, change nothing")
    install.add_argument("--root", type=Path, help="install files into this staging tree")
    install.add_argument(
        "--user", default=DEFAULT_USER, help=f"kiosk user (default {DEFAULT_USER})"
    )
    install.add_argument(
        "--state-dir",
        default=DEFAULT_STATE,
        help=f"data/config/Kivy home (default {DEFAULT_STATE})",
    )
    install.add_argument(
        "--exec", dest="exec_path", help="the tableside program (default: this one)"
    )
    install.add_argument(
        "--rotation", type=int, default=0, choices=(0, 90, 180, 270), help="screen rotation"
    )
    install.add_argument(
        "--touch", default="hidinput", choices=("hidinput", "mtdev"), help="touch input provider"
    )
    install.add_argument(
        "--touch-device",
        default=DEFAULT_TOUCH,
        help=f"touch event device (default {DEFAULT_TOUCH})",
    )
    install.add_argument(
        "--tty",
        default=DEFAULT_TTY,
        help=f"the console the app owns: no login prompt there (default {DEFAULT_TTY})",
    )
    install.add_argument(
        "--camera",
        default=DEFAULT_CAMERA,
        help=(
            f"the camera the app reads (default {DEFAULT_CAMERA}: the Pi camera, else usb:0; "
            "usb:N, pi, or none for manual entry only)"
        ),
    )
    install.set_defaults(func=run)
    parser.set_defaults(func=lambda args: parser.print_help() or 2)


def run(args: argparse.Namespace) -> int:
    options = KioskOptions(
        exec_path=args.exec_path or _this_program(),
        user=args.user,
        state_dir=args.state_dir.rstrip("/") or "/",
        rotation=args.rotation,
        touch=args.touch,
        touch_device=args.touch_device,
        tty=args.tty,
        camera=args.camera,
    )
    if not re.fullmatch(r"auto|none|pi|usb:[0-9]+", options.camera):
        raise UserError(f"--camera: must be auto, usb:N, pi or none, not {options.camera}")
    if not re.fullmatch(r"/dev/tty[0-9]+", options.tty):
        raise UserError(f"--tty: must be a virtual console such as /dev/tty1, not {options.tty}")
    if not options.state_dir.startswith("/"):
        raise UserError(f"--state-dir: must be an absolute path, not {options.state_dir}")
    if not args.dry_run and args.root is None and os.geteuid() != 0:
        raise UserError("installing the kiosk needs root: sudo tableside kiosk install")
    plan = build_plan(options, args.root)
    where = f" into {args.root}" if args.root else ""
    print(f"tableside kiosk install{where}{' (dry run)' if args.dry_run else ''}:")
    for warning in _warnings(options):
        print(f"  WARNING {warning}")
    execute(plan, args.dry_run)
    if not args.dry_run and args.root is None:
        print(f"Done. Reboot, or start it now: sudo systemctl start {UNIT_NAME}")
    return 0


def _this_program() -> str:
    here = Path(sys.executable).parent / "tableside"
    found = here if here.exists() else shutil.which("tableside")
    return str(Path(found).absolute()) if found else DEFAULT_EXEC


def _warnings(options: KioskOptions) -> list[str]:
    warnings = []
    if not Path(options.exec_path).exists():
        warnings.append(f"{options.exec_path} does not exist (use --exec)")
    else:
        for parent in Path(options.exec_path).parents:
            if parent.stat().st_mode & 0o001 == 0:
                warnings.append(
                    f"{parent} is not readable by other users, so the kiosk user cannot start "
                    "the app; put the checkout in /opt/tableside or run: sudo chmod o+x "
                    + str(parent)
                )
                break
    if importlib.util.find_spec("lgpio") is None:  # importing it would leave pipes in the cwd
        warnings.append(
            "lgpio is not installed: buttons will be simulated (sudo apt-get install python3-lgpio)"
        )
    return warnings


def _check_call(argv: list[str]) -> None:
    try:
        subprocess.run(argv, check=True)
    except FileNotFoundError as exc:
        raise UserError(f"{argv[0]} is not installed; is this Raspberry Pi OS?") from exc
    except subprocess.CalledProcessError as exc:
        raise UserError(f"'{' '.join(argv)}' failed (exit {exc.returncode})") from exc


def _systemd_running() -> bool:
    """True when systemd is this system's running init (sd_booted(3)); false in a chroot."""
    return Path("/run/systemd/system").is_dir()


def _package_installed(name: str) -> bool:
    try:
        result = subprocess.run(
            ["dpkg-query", "-W", "-f=${Status}", name], capture_output=True, text=True
        )
    except FileNotFoundError:
        return False
    return "install ok installed" in result.stdout


def _group_exists(name: str) -> bool:
    try:
        grp.getgrnam(name)
    except KeyError:
        return False
    return True


def _user_exists(name: str) -> bool:
    try:
        pwd.getpwnam(name)
    except KeyError:
        return False
    return True
