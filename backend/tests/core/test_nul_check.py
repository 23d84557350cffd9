"""The NUL check of request data (gavel.schemas.ApiModel), and its one exception: rows of our own database."""

import pytest
from pydantic import TypeAdapter, ValidationError

from gavel.schemas import FROM_DATABASE, ApiModel


class Inner(ApiModel):
    note: str


class Outer(ApiModel):
    name: str
    inner: Inner


def test_a_request_with_a_nul_anywhere_is_refused_with_where_it_is() -> None:
    with pytest.raises(ValidationError, match=r"Remove the NUL character \(\\0\) from inner.note"):
        Outer.model_validate({"name": "ok", "inner": {"note": "a\x00b"}})


def test_rows_of_the_database_skip_the_walk_and_keep_every_other_rule() -> None:
    page = TypeAdapter(list[Outer])
    read = page.validate_python([{"name": "x", "inner": {"note": "a\x00"}}], context=FROM_DATABASE)
    assert read[0].inner.note == "a\x00"
    with pytest.raises(ValidationError):  # a missing field is still refused
        page.validate_python([{"name": "x"}], context=FROM_DATABASE)
    with pytest.raises(ValidationError):  # without the context, the same data is a request's: refused
        page.validate_python([{"name": "x", "inner": {"note": "a\x00"}}])
