"""Rows read straight from an SQLite file's pages, without SQLite: the last salvage pass.

SQLite reaches a row only through the b-tree above it: when an interior
page is broken, the leaf pages below it are lost to every query although
their bytes are intact. :func:`records` walks every page of an image
instead, and decodes each cell of every b-tree *leaf* page (file format:
https://www.sqlite.org/fileformat2.html), following overflow chains. Pages
on the freelist are skipped (their rows were deleted). A cell that does not
decode is skipped; the caller trusts no row whose own checksum does not
hold. Pure: bytes in, values out.
"""

from __future__ import annotations

import struct
from collections.abc import Iterator
from dataclasses import dataclass

TABLE_LEAF = 0x0D
INDEX_LEAF = 0x0A

Value = int | float | bytes | None


@dataclass(frozen=True)
class Record:
    """One cell of a leaf page: ``rowid`` for a table row, ``None`` for an index entry."""

    rowid: int | None
    values: tuple[Value, ...]


class _Bad(Exception):
    """A cell or page that does not decode."""


def _varint(data: bytes, at: int) -> tuple[int, int]:
    value = 0
    for i in range(9):
        if at + i >= len(data):
            raise _Bad("varint past the end")
        byte = data[at + i]
        if i == 8:
            return (value << 8) | byte, at + 9
        value = (value << 7) | (byte & 0x7F)
        if byte < 0x80:
            return value, at + i + 1
    raise _Bad("varint")  # pragma: no cover - the loop always returns


def _value(serial: int, data: bytes, at: int) -> tuple[Value, int]:
    sizes = {1: 1, 2: 2, 3: 3, 4: 4, 5: 6, 6: 8}
    if serial == 0:
        return None, at
    if serial in sizes:
        n = sizes[serial]
        if at + n > len(data):
            raise _Bad("integer past the end")
        return int.from_bytes(data[at : at + n], "big", signed=True), at + n
    if serial == 7:
        if at + 8 > len(data):
            raise _Bad("real past the end")
        return struct.unpack(">d", data[at : at + 8])[0], at + 8
    if serial in (8, 9):
        return serial - 8, at
    if serial >= 12:
        n = (serial - 12) // 2
        if at + n > len(data):
            raise _Bad("text past the end")
        return data[at : at + n], at + n
    raise _Bad("reserved serial type")


def decode_record(payload: bytes) -> tuple[Value, ...]:
    """The values of one record (text and blobs as bytes)."""
    size, at = _varint(payload, 0)
    if size > len(payload) or size < 1:
        raise _Bad("record header")
    serials = []
    while at < size:
        serial, at = _varint(payload, at)
        serials.append(serial)
    at = size
    values = []
    for serial in serials:
        value, at = _value(serial, payload, at)
        values.append(value)
    return tuple(values)


class _Image:
    def __init__(self, image: bytes) -> None:
        if len(image) < 100 or not image.startswith(b"SQLite format 3\x00"):
            raise _Bad("not an SQLite image")
        size = int.from_bytes(image[16:18], "big")
        self.page_size = 65536 if size == 1 else size
        if self.page_size < 512 or self.page_size & (self.page_size - 1):
            raise _Bad("page size")
        self.usable = self.page_size - image[20]
        self.image = image
        self.pages = len(image) // self.page_size

    def page(self, number: int) -> bytes:
        if not 1 <= number <= self.pages:
            raise _Bad("page number out of range")
        return self.image[(number - 1) * self.page_size : number * self.page_size]

    def freelist(self) -> set[int]:
        free: set[int] = set()
        trunk = int.from_bytes(self.image[32:36], "big")
        while trunk and trunk not in free and len(free) <= self.pages:
            try:
                data = self.page(trunk)
            except _Bad:
                break
            free.add(trunk)
            count = int.from_bytes(data[4:8], "big")
            for i in range(min(count, (self.usable - 8) // 4)):
                free.add(int.from_bytes(data[8 + 4 * i : 12 + 4 * i], "big"))
            trunk = int.from_bytes(data[0:4], "big")
        return free

    def payload(self, page: bytes, at: int, size: int, table: bool) -> bytes:
        u = self.usable
        most = u - 35 if table else (u - 12) * 64 // 255 - 23
        if size <= most:
            if at + size > len(page):
                raise _Bad("cell past the page")
            return page[at : at + size]
        least = (u - 12) * 32 // 255 - 23
        local = least + (size - least) % (u - 4)
        local = local if local <= most else least
        if at + local + 4 > len(page):
            raise _Bad("cell past the page")
        parts = [page[at : at + local]]
        have = local
        following = int.from_bytes(page[at + local : at + local + 4], "big")
        seen: set[int] = set()
        while have < size:
            if following in seen or not following:
                raise _Bad("overflow chain broken")
            seen.add(following)
            data = self.page(following)
            take = min(size - have, u - 4)
            parts.append(data[4 : 4 + take])
            have += take
            following = int.from_bytes(data[0:4], "big")
        return b"".join(parts)

    def cells(self, number: int) -> Iterator[Record]:
        page = self.page(number)
        start = 100 if number == 1 else 0
        kind = page[start]
        if kind not in (TABLE_LEAF, INDEX_LEAF):
            return
        count = int.from_bytes(page[start + 3 : start + 5], "big")
        pointers = start + 8
        for i in range(min(count, (self.usable - pointers) // 2)):
            offset = int.from_bytes(page[pointers + 2 * i : pointers + 2 * i + 2], "big")
            try:
                size, at = _varint(page, offset)
                rowid: int | None = None
                if kind == TABLE_LEAF:
                    rowid, at = _varint(page, at)
                payload = self.payload(page, at, size, kind == TABLE_LEAF)
                yield Record(rowid, decode_record(payload))
            except (_Bad, IndexError, struct.error):
                continue


def records(image: bytes) -> Iterator[Record]:
    """Every decodable cell of every leaf page of ``image`` not on the freelist."""
    try:
        db = _Image(image)
        free = db.freelist()
    except _Bad:
        return
    for number in range(1, db.pages + 1):
        if number in free:
            continue
        try:
            yield from db.cells(number)
        except (_Bad, IndexError, struct.error):
            continue
