"""Package names imported from their modules when first asked for (PEP 562).

A package's ``__init__`` that imports all its modules makes every user wait for all of them: in the
browser's Python a chapter's first widget waits for each import its cell makes, so a page with the
game table should not import the teachers' exercises. Each package says where its names live:

>>> lookup = names_from("json", {"JSONDecoder": "decoder"})  # as json's __getattr__ would be
>>> lookup("JSONDecoder").__module__
'json.decoder'
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from importlib import import_module


def names_from(package: str, homes: Mapping[str, str]) -> Callable[[str], object]:
    """A module ``__getattr__`` for ``package``: ``name`` is taken from ``package.<homes[name]>``."""

    def __getattr__(name: str) -> object:
        home = homes.get(name)
        if home is None:
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        module = import_module(f"{package}.{home}")
        value = getattr(module, name)
        vars(import_module(package))[name] = value  # the next lookup does not come here
        return value

    return __getattr__
