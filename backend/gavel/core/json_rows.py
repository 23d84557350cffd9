"""json_rows(a, b, ...): the rows of a correlated subquery as one JSON array of arrays, on PostgreSQL
(json_agg of json_build_array) and on SQLite (json_group_array of json_array). A list page reads each record's
few child rows (a vehicle's images) in its own statement this way, one round trip less than a second query.
The order of the rows inside the array is not defined on SQLite before 3.44: give a position to sort by."""

from typing import Any

from sqlalchemy import JSON
from sqlalchemy.ext.compiler import compiles
from sqlalchemy.sql.functions import FunctionElement


class json_rows(FunctionElement[Any]):
    type = JSON()
    inherit_cache = True
    name = "json_rows"


@compiles(json_rows, "postgresql")
def _postgresql(element: json_rows, compiler: Any, **kw: Any) -> str:
    return f"json_agg(json_build_array({compiler.process(element.clauses, **kw)}))"


@compiles(json_rows, "sqlite")
def _sqlite(element: json_rows, compiler: Any, **kw: Any) -> str:
    return f"json_group_array(json_array({compiler.process(element.clauses, **kw)}))"
