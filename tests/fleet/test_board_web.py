"""The board's web server over real HTTP: the password, read-only routes, languages, config."""

from __future__ import annotations

import base64
import urllib.error
import urllib.request
from pathlib import Path

import pytest

from fleet.board.config import ConfigError, load_config
from fleet.board.state import Fleet
from fleet.board.web import Broadcast, make_app
from tests.fleet.board_rig import STAFF, board_config, table


def get(url: str, auth: tuple[str, str] | None, method: str = "GET") -> tuple[int, str]:
    headers = {}
    if auth is not None:
        token = base64.b64encode(f"{auth[0]}:{auth[1]}".encode()).decode()
        headers["Authorization"] = f"Basic {token}"
    request = urllib.request.Request(url, headers=headers, method=method)
    try:
        with urllib.request.urlopen(request, timeout=5) as response:
            return response.status, response.read().decode()
    except urllib.error.HTTPError as error:
        return error.code, error.read().decode()


@pytest.mark.parametrize(
    "auth", [None, ("staff", "wrong"), ("board", "staff-pw"), ("staff", ""), ("", "")]
)
@pytest.mark.parametrize("path", ["", "tiles.json", "events", "board.js", "board.css"])
def test_every_route_refuses_a_wrong_or_missing_password(board, auth, path):
    code, body = get(board.url + path, auth)
    assert code == 401
    assert "table" not in body


def test_the_refusal_speaks_the_browsers_language(board):
    request = urllib.request.Request(board.url, headers={"Accept-Language": "de-DE,de;q=0.9"})
    with pytest.raises(urllib.error.HTTPError) as refused:
        urllib.request.urlopen(request, timeout=5)
    assert refused.value.code == 401
    assert refused.value.headers["WWW-Authenticate"].startswith('Basic realm="')
    said = refused.value.read().decode()
    assert said == "Die Tischübersicht braucht das Passwort des Personals.\n"


def test_the_right_password_opens_the_page_and_its_parts(board):
    for path, marker in [
        ("", '<main id="tiles">'),
        ("board.js", "EventSource"),
        ("board.css", ".tile"),
    ]:
        code, body = get(board.url + path, STAFF)
        assert code == 200
        assert marker in body


def test_every_answer_forbids_inline_script(board):
    for path, auth in [("", STAFF), ("board.js", STAFF), ("", None)]:
        token = base64.b64encode(f"{STAFF[0]}:{STAFF[1]}".encode()).decode()
        headers = {"Authorization": f"Basic {token}"} if auth else {}
        request = urllib.request.Request(board.url + path, headers=headers)
        try:
            with urllib.request.urlopen(request, timeout=5) as response:
                got = response.headers
        except urllib.error.HTTPError as error:
            got = error.headers
        assert got["Content-Security-Policy"] == "default-src 'self'"
        assert got["X-Content-Type-Options"] == "nosniff"


def test_tiles_json_shows_the_retained_statuses(board, boxes):
    boxes.status(table(4, asked="Take a tile"))
    from fleet.board.browser import wait_for

    def seen():
        code, body = get(board.url + "tiles.json", STAFF)
        return code == 200 and "Take a tile" in body

    assert wait_for(seen, 5)


def test_the_app_has_only_reading_routes(tables_broker):
    app = make_app(board_config(tables_broker), Broadcast(Fleet()))
    methods = {route.method for route in app.router.routes()}
    assert methods == {"GET", "HEAD"}


@pytest.mark.parametrize("method", ["POST", "PUT", "DELETE", "PATCH"])
@pytest.mark.parametrize("path", ["", "tiles.json", "events"])
def test_changing_methods_are_not_allowed_even_with_the_password(board, method, path):
    code, _ = get(board.url + path, STAFF, method=method)
    assert code == 405


@pytest.mark.parametrize(
    ("lang", "word"), [("en", "Staff board"), ("de", "Tischübersicht"), ("pt", "Painel da equipe")]
)
def test_the_page_speaks_the_chosen_language(board, lang, word):
    code, body = get(board.url + f"?lang={lang}", STAFF)
    assert code == 200
    assert f'<html lang="{lang}">' in body
    assert f"<title>{word}</title>" in body


def test_the_browser_language_is_taken_when_none_is_asked(board):
    token = base64.b64encode(b"staff:staff-pw").decode()
    request = urllib.request.Request(
        board.url, headers={"Authorization": f"Basic {token}", "Accept-Language": "fr, pt-BR;q=0.8"}
    )
    with urllib.request.urlopen(request, timeout=5) as response:
        assert '<html lang="pt">' in response.read().decode()


def write_config(folder: Path, web: str) -> Path:
    (folder / "broker.pw").write_text("b-secret\n")
    (folder / "web.pw").write_text("w-secret\n")
    path = folder / "board.toml"
    path.write_text(
        '[broker]\nhost = "hub.local"\nport = 8883\nca = "ca.crt"\npassword_file = "broker.pw"\n'
        f'[web]\npassword_file = "web.pw"\n{web}'
    )
    return path


def test_the_config_file_reads_passwords_from_their_files(tmp_path):
    config = load_config(write_config(tmp_path, 'language = "de"\nwaiting_long = 120\n'))
    assert config.broker_host == "hub.local"
    assert config.broker_ca == tmp_path / "ca.crt"
    assert (config.broker_password, config.web_password) == ("b-secret", "w-secret")
    assert (config.language, config.waiting_long, config.cert) == ("de", 120.0, None)


@pytest.mark.parametrize(
    ("web", "words"),
    [
        ('language = "fr"\n', "language must be one of en, de, pt"),
        ('cert = "server.crt"\n', "needs both cert and key"),
        ('port = "many"\n', "invalid literal"),
        ("port = \n", "not valid TOML"),
    ],
)
def test_a_bad_config_file_says_what_to_fix(tmp_path, web, words):
    with pytest.raises(ConfigError, match=words):
        load_config(write_config(tmp_path, web))


def test_the_broker_is_reached_over_tls_only(tmp_path):
    path = tmp_path / "board.toml"
    path.write_text('[broker]\npassword = "b"\n[web]\npassword = "w"\n')
    with pytest.raises(ConfigError, match="needs ca"):
        load_config(path)


def test_a_missing_password_file_is_named(tmp_path):
    path = tmp_path / "board.toml"
    path.write_text('[broker]\npassword_file = "nope.pw"\n[web]\npassword = "x"\n')
    with pytest.raises(ConfigError, match=r"nope\.pw"):
        load_config(path)


def test_https_with_the_cafe_ca_server_certificate(tables_broker):
    import dataclasses
    import ssl

    from fleet.board.web import BoardServer

    files = tables_broker.files
    config = dataclasses.replace(
        board_config(tables_broker), cert=files.server_cert, key=files.server_key
    )
    with BoardServer(config) as server:
        assert server.url.startswith("https://127.0.0.1:")
        context = ssl.create_default_context(cafile=str(files.ca_cert))  # the café's CA only
        token = base64.b64encode(f"{STAFF[0]}:{STAFF[1]}".encode()).decode()
        request = urllib.request.Request(
            server.url + "tiles.json", headers={"Authorization": f"Basic {token}"}
        )
        with urllib.request.urlopen(request, timeout=5, context=context) as response:
            assert response.status == 200
        plain = server.url.replace("https://", "http://")
        with pytest.raises(OSError):  # no password ever crosses in clear text
            urllib.request.urlopen(plain + "tiles.json", timeout=5)
