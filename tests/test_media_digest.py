"""A media's digest is its payload's, however it was made (hashed once per object)."""

from __future__ import annotations

from notebook_router.media import Media, digest_bytes


def test_a_copy_keeps_its_digest_and_a_new_payload_gets_its_own() -> None:
    media = Media(mime_type="image/png", data=b"abc")
    assert media.digest == digest_bytes(b"abc")
    assert media.model_copy(update={"description": "a chart"}).digest == media.digest
    assert media.model_copy(update={"data": b"xyz"}).digest == digest_bytes(b"xyz")
    assert "digest" not in media.model_dump()  # not a field: never stored or sent
