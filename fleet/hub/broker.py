"""The hub's Mosquitto: a café-local CA, a server certificate, accounts, the config file.

Everything lives in one directory (:class:`HubFiles`): the CA and server
certificate are made with Debian's ``openssl``, passwords are hashed by
``mosquitto_passwd -U`` from a private temporary file (so no password is ever
on a command line), the ACL is :func:`fleet.protocol.acl_text`, and
``mosquitto.conf`` has one TLS listener, no anonymous client, persistence and
a bounded queue per client (mosquitto.conf(5), mosquitto-tls(7)).

The keeper, board and staff accounts keep their passwords in
``accounts/<name>.secret`` (mode 0600) for the hub's own services; a box's
password leaves the hub once, in its enrol file (:mod:`fleet.enrol`).

:func:`start` runs the broker as a child process (tests, ``tableside bench
fleet``); on a hub, systemd runs it (:mod:`fleet.hub.install`).
"""

from __future__ import annotations

import os
import secrets
import shutil
import socket
import subprocess
import tempfile
import time
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

from fleet.protocol import acl_text, check_box_name

SERVICE_ACCOUNTS = ("keeper", "board", "staff")
DEFAULT_PORT = 8883
#: QoS 1 messages Mosquitto holds per offline or slow client above those in flight
#: (the keeper's backlog during its own restart). Boxes resend from the keeper's
#: high-water mark, so a dropped message is sent again, never lost.
MAX_QUEUED_MESSAGES = 20000
#: Bytes of one MQTT packet at most (a client sending more is disconnected): an adoption
#: of a long game is a few hundred kB; the keeper and boxes refuse payloads over 4 MiB.
MAX_PACKET_SIZE = 8 * 1024 * 1024
CA_DAYS = 3650
SERVER_DAYS = 825


class BrokerError(RuntimeError):
    """The broker's files could not be made or the broker did not start; says why."""


@dataclass(frozen=True)
class HubFiles:
    """The files of one hub's broker, all under ``directory``."""

    directory: Path

    @property
    def ca_key(self) -> Path:
        return self.directory / "ca.key"

    @property
    def ca_cert(self) -> Path:
        return self.directory / "ca.crt"

    @property
    def server_key(self) -> Path:
        return self.directory / "server.key"

    @property
    def server_cert(self) -> Path:
        return self.directory / "server.crt"

    @property
    def passwords(self) -> Path:
        return self.directory / "passwords"

    @property
    def acl(self) -> Path:
        return self.directory / "acl"

    @property
    def conf(self) -> Path:
        return self.directory / "mosquitto.conf"

    @property
    def data(self) -> Path:
        return self.directory / "data"

    @property
    def accounts(self) -> Path:
        return self.directory / "accounts"

    def secret(self, account: str) -> str:
        """The password of a hub service account (``keeper``, ``board``, ``staff``)."""
        path = self.accounts / f"{account}.secret"
        try:
            return path.read_text().strip()
        except OSError as exc:
            raise BrokerError(f"the {account} account's password cannot be read: {exc}") from None


def _run(args: list[str], what: str) -> None:
    try:
        done = subprocess.run(args, capture_output=True, text=True, timeout=60, check=False)
    except FileNotFoundError:
        raise BrokerError(
            f"{what}: {args[0]} is not installed (apt-get install openssl mosquitto)"
        ) from None
    if done.returncode != 0:
        raise BrokerError(f"{what} failed: {done.stderr.strip() or done.stdout.strip()}")


def _private(path: Path) -> None:
    path.chmod(0o600)


def make_ca(files: HubFiles, name: str = "tableside café CA") -> None:
    """A new CA (EC P-256, 10 years) for this café only: its key never leaves the hub."""
    files.directory.mkdir(parents=True, exist_ok=True)
    _run(
        [
            "openssl", "req", "-x509", "-new", "-newkey", "ec",
            "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes", "-sha256",
            "-keyout", str(files.ca_key), "-out", str(files.ca_cert),
            "-days", str(CA_DAYS), "-subj", f"/CN={name}",
            "-addext", "basicConstraints=critical,CA:TRUE,pathlen:0",
            "-addext", "keyUsage=critical,keyCertSign,cRLSign",
        ],
        "making the café CA",
    )  # fmt: skip
    _private(files.ca_key)


def make_server_cert(files: HubFiles, hosts: Iterable[str]) -> None:
    """The broker's certificate, signed by the café CA, valid for every name and address in
    ``hosts`` (boxes check it: a box connects by one of these)."""
    names = list(dict.fromkeys(hosts))
    if not names:
        raise BrokerError("the server certificate needs at least one host name or address")
    alt = ",".join(f"IP:{h}" if _is_ip(h) else f"DNS:{h}" for h in names)
    with tempfile.TemporaryDirectory() as tmp:
        csr = Path(tmp) / "server.csr"
        ext = Path(tmp) / "ext.cnf"
        ext.write_text(
            f"subjectAltName={alt}\nbasicConstraints=critical,CA:FALSE\n"
            "keyUsage=critical,digitalSignature\nextendedKeyUsage=serverAuth\n"
        )
        _run(
            [
                "openssl", "req", "-new", "-newkey", "ec",
                "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes",
                "-keyout", str(files.server_key), "-out", str(csr), "-subj", f"/CN={names[0]}",
            ],
            "making the server key",
        )  # fmt: skip
        _private(files.server_key)
        _run(
            [
                "openssl", "x509", "-req", "-in", str(csr), "-sha256",
                "-CA", str(files.ca_cert), "-CAkey", str(files.ca_key), "-CAcreateserial",
                "-CAserial", str(Path(tmp) / "ca.srl"),
                "-out", str(files.server_cert), "-days", str(SERVER_DAYS), "-extfile", str(ext),
            ],
            "signing the server certificate",
        )  # fmt: skip


def _is_ip(host: str) -> bool:
    for family in (socket.AF_INET, socket.AF_INET6):
        try:
            socket.inet_pton(family, host)
        except OSError:
            continue
        return True
    return False


def new_password() -> str:
    """A fresh random password (32 URL-safe characters)."""
    return secrets.token_urlsafe(24)


def set_passwords(files: HubFiles, accounts: dict[str, str]) -> None:
    """Add or replace accounts in the password file, hashed by ``mosquitto_passwd -U``.

    The plain passwords are written only to a private temporary file that
    ``mosquitto_passwd`` hashes in place; no password is on a command line.
    """
    for user in accounts:
        if user not in SERVICE_ACCOUNTS:
            check_box_name(user)
    files.directory.mkdir(parents=True, exist_ok=True)
    fd, name = tempfile.mkstemp(prefix=".passwords-", dir=files.directory)
    tmp = Path(name)
    try:
        with os.fdopen(fd, "w") as out:
            out.writelines(f"{user}:{password}\n" for user, password in accounts.items())
        _run(["mosquitto_passwd", "-U", str(tmp)], "hashing the passwords")
        hashed = dict(line.split(":", 1) for line in tmp.read_text().splitlines() if ":" in line)
        kept = []
        if files.passwords.exists():
            for line in files.passwords.read_text().splitlines():
                if line.split(":", 1)[0] not in hashed:
                    kept.append(line)
        kept.extend(f"{user}:{value}" for user, value in hashed.items())
        tmp.write_text("\n".join(kept) + "\n")
        _private(tmp)
        tmp.replace(files.passwords)
    finally:
        tmp.unlink(missing_ok=True)


def accounts_in(files: HubFiles) -> list[str]:
    """The user names in the password file."""
    if not files.passwords.exists():
        return []
    return [line.split(":", 1)[0] for line in files.passwords.read_text().splitlines() if line]


def write_config(
    files: HubFiles,
    *,
    port: int = DEFAULT_PORT,
    bind: str | None = None,
    run_as: str | None = None,
    log_dest: str = "stderr",
    autosave_seconds: int = 5,
) -> Path:
    """Write the ACL and ``mosquitto.conf``: one TLS listener, accounts and ACL, persistence.

    ``bind`` limits the listener to one address (tests: ``127.0.0.1``); ``run_as``
    is the user Mosquitto drops to when started as root (it reads its files after
    dropping privileges, so they must be readable by that user).
    """
    files.acl.write_text(acl_text())
    files.data.mkdir(parents=True, exist_ok=True)
    lines = [
        "# tableside hub broker (written by fleet.hub.broker; do not edit by hand)",
        "per_listener_settings false",
        "allow_anonymous false",
        f"password_file {files.passwords}",
        f"acl_file {files.acl}",
        "persistence true",
        f"persistence_location {files.data}/",
        f"autosave_interval {autosave_seconds}",
        f"max_queued_messages {MAX_QUEUED_MESSAGES}",
        "max_inflight_messages 40",
        "max_keepalive 120",
        f"max_packet_size {MAX_PACKET_SIZE}",
        f"log_dest {log_dest}",
        "log_type error",
        "log_type warning",
        "log_type notice",
        "connection_messages true",
        "log_timestamp_format %Y-%m-%dT%H:%M:%S",
    ]
    if run_as:
        lines.append(f"user {run_as}")
    lines += [
        "",
        f"listener {port}" + (f" {bind}" if bind else ""),
        "protocol mqtt",
        f"cafile {files.ca_cert}",
        f"certfile {files.server_cert}",
        f"keyfile {files.server_key}",
        "tls_version tlsv1.2",
        "require_certificate false",
        "",
    ]
    files.conf.write_text("\n".join(lines))
    return files.conf


def create(
    directory: Path,
    *,
    hosts: Iterable[str],
    port: int = DEFAULT_PORT,
    bind: str | None = None,
    run_as: str | None = None,
    boxes: Iterable[str] = (),
    log_dest: str = "stderr",
) -> tuple[HubFiles, dict[str, str]]:
    """A complete broker directory: CA, server certificate, service accounts (and ``boxes``),
    ACL and config. Returns the files and the passwords of ``boxes`` (service accounts'
    passwords are in ``accounts/``). An existing CA and accounts are kept."""
    files = HubFiles(Path(directory))
    files.directory.mkdir(parents=True, exist_ok=True)
    if not files.ca_cert.exists():
        make_ca(files)
    make_server_cert(files, hosts)
    files.accounts.mkdir(mode=0o700, exist_ok=True)
    present = set(accounts_in(files))
    fresh: dict[str, str] = {}
    for account in SERVICE_ACCOUNTS:
        secret = files.accounts / f"{account}.secret"
        if account in present and secret.exists():
            continue
        fresh[account] = new_password()
        secret.write_text(fresh[account] + "\n")
        _private(secret)
    box_passwords = {check_box_name(box): new_password() for box in boxes}
    if fresh or box_passwords:
        set_passwords(files, fresh | box_passwords)
    write_config(files, port=port, bind=bind, run_as=run_as, log_dest=log_dest)
    return files, box_passwords


def free_port(host: str = "127.0.0.1") -> int:
    """A TCP port free on ``host`` now (for a test broker)."""
    with socket.socket() as sock:
        sock.bind((host, 0))
        return int(sock.getsockname()[1])


def start(
    files: HubFiles,
    port: int,
    host: str = "127.0.0.1",
    log: Path | None = None,
    timeout: float = 10.0,
) -> subprocess.Popen[bytes]:
    """Run ``mosquitto -c`` on the hub's config; returns once it accepts TCP on ``port``."""
    exe = shutil.which("mosquitto") or "/usr/sbin/mosquitto"
    out = open(log, "ab") if log is not None else subprocess.DEVNULL  # noqa: SIM115
    try:
        proc = subprocess.Popen([exe, "-c", str(files.conf)], stdout=out, stderr=out)
    except FileNotFoundError:
        raise BrokerError("mosquitto is not installed (apt-get install mosquitto)") from None
    finally:
        if log is not None:
            out.close()  # type: ignore[union-attr]
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise BrokerError(f"mosquitto exited with status {proc.returncode} (see {log})")
        try:
            with socket.create_connection((host, port), timeout=0.2):
                return proc
        except OSError:
            time.sleep(0.05)
    proc.kill()
    proc.wait()
    raise BrokerError(f"mosquitto did not listen on {host}:{port} within {timeout:.0f} s")


def stop(proc: subprocess.Popen[bytes], timeout: float = 10.0) -> None:
    """Stop a broker started by :func:`start` (SIGTERM; it saves its persistence file)."""
    if proc.poll() is None:
        proc.terminate()
        try:
            proc.wait(timeout=timeout)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()
