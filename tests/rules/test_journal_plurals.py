"""The journal's recovery notices count in proper plurals (issue 23: never "step(s)")."""

from __future__ import annotations

from rules.journal.integrity import EventRow, SessionOutcome, SessionRow
from rules.journal.recovery import _Recovery, _recovery_notice, game_loss


def outcome(sid: int, events: int, lost: int = 0, newest_missing: bool = False) -> SessionOutcome:
    row = SessionRow(
        id=sid, uid=f"u{sid}", game="toy", options="{}", seed=1, created=0, updated=0, checksum=""
    )
    rows = tuple(
        EventRow(seq=i, body=b"{}", created=0, finished=False, checksum="") for i in range(events)
    )
    first_bad = (events, "it is missing") if lost else None
    return SessionOutcome(
        session=row,
        events=rows,
        first_bad=first_bad,
        stranded=0,
        lost=lost,
        newest_missing=newest_missing,
    )


def test_one_step_and_one_game_are_singular() -> None:
    notice = _recovery_notice(_Recovery(problem="x", outcomes=[outcome(1, 1)]), repaired=True)
    assert "1 intact step of 1 game was recovered." in notice.english()
    lost = game_loss(outcome(1, 4, lost=1))
    assert lost is not None
    assert lost.english() == (
        "Game 1 lost 1 step and resumes after step 4: event 5 is damaged (it is missing)."
    )


def test_several_are_plural_and_no_text_says_s_in_brackets() -> None:
    recovery = _Recovery(problem="x", outcomes=[outcome(1, 3, lost=2), outcome(2, 2)])
    for repaired, backup in ((True, True), (True, False), (False, False)):
        recovery.from_backup = backup
        text = _recovery_notice(recovery, repaired=repaired).english()
        assert "5 intact steps of 2 games" in text
        assert "Game 1 lost 2 steps and resumes after step 3" in text
        assert "(s)" not in text
    newest = game_loss(outcome(3, 7, newest_missing=True))
    assert newest is not None
    assert newest.english() == "Game 3 lost what came after step 7 and resumes there."
