"""Benchmarks for ``tableside bench``: each module defines ``NAME``, ``DESCRIPTION``
and ``run(quick: bool) -> list[Figure]``; figures are printed, never asserted."""
