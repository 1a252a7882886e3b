"""`tableside decide` on files a fuzzer would write: a clear message, exit 2, no traceback."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from ui.cli import main

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
SPRING = EXAMPLES / "marauders/spring-rock-painting-example.json"


@pytest.mark.parametrize(
    ("content", "message"),
    [
        (b"\xff\xfe{}", "not UTF-8"),
        (b"[" * 1000 + b"]" * 1000, "nested 1000 deep"),
        (b'{"decision": "spring", "trays": {"red": NaN}}', "NaN"),
        (b'{"decision": "spring", "decision": "payer"}', "appears twice"),
        (b'{"decision": []}', "is not a decision of marauders"),
        (b"[1, 2]", "must be a JSON object"),
        (b'{"decision": "spring", "trays": ', "not valid JSON"),
    ],
)
def test_bad_files_are_refused_with_a_message(tmp_path, capsys, content, message) -> None:
    path = tmp_path / "situation.json"
    path.write_bytes(content)
    assert main(["decide", "marauders", str(path)]) == 2
    err = capsys.readouterr().err
    assert err.startswith("tableside: ") and message in err
    assert "Traceback" not in err


def test_output_is_strict_json_with_the_decisive_reason(capsys) -> None:
    assert main(["decide", "marauders", str(SPRING)]) == 0
    out = json.loads(capsys.readouterr().out, parse_constant=lambda c: pytest.fail(c))
    assert out["kind"] == "spring" and out["reason"]
