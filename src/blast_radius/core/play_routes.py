"""Play's ``conf/routes``: which controller methods HTTP requests enter.

A routes line is ``METHOD /path controllers.Foo.bar(args)``; a ``->`` line
mounts another router, and ``#`` starts a comment. Pure: text in, values out.
"""

from __future__ import annotations

import re

_ROUTE = re.compile(
    r"^\s*(GET|POST|PUT|PATCH|DELETE|HEAD|OPTIONS|\*)\s+\S+\s+@?([A-Za-z_][\w.$]*)\s*(?:\(|$)"
)


def play_route_handlers(manifests: tuple[tuple[str, str], ...]) -> frozenset[str]:
    """The qualified names (``controllers.Foo.bar``) of the methods the routes
    files among ``manifests`` name as handlers."""
    found: set[str] = set()
    for path, text in manifests:
        if path.rsplit("/", 1)[-1] != "routes" and not path.endswith(".routes"):
            continue
        for line in text.splitlines():
            matched = _ROUTE.match(line.split("#", 1)[0])
            if matched is not None and "." in matched.group(2):
                found.add(matched.group(2))
    return frozenset(found)
