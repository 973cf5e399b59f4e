"""Package names imported from their modules when first asked for (PEP 562).

A package's ``__init__`` that imports all its modules makes every user wait for all of them: in the
browser's Python a chapter's first widget waits for each import its cell makes, so a page with the
game table should not import the teachers' exercises. Each package says which names each of its
modules gives (``MODULES``) and takes its ``__getattr__`` and ``__all__`` from `lazy_package`:

>>> lookup, names = lazy_package("json", {"decoder": ("JSONDecoder",)})  # as json's would be
>>> names, lookup("JSONDecoder").__module__
(['JSONDecoder'], 'json.decoder')
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from importlib import import_module


def lazy_package(package: str,
                 modules: Mapping[str, Sequence[str]]) -> tuple[Callable[[str], object], list[str]]:
    """``package``'s ``__getattr__`` (each name taken from its module, ``modules``: module -> names,
    the first time it is asked for) and its ``__all__``."""
    if any(isinstance(names, str) for names in modules.values()):
        raise TypeError(f"{package}: each module's names must be a tuple of names, not one string")
    homes = {name: module for module, names in modules.items() for name in names}

    def __getattr__(name: str) -> object:
        home = homes.get(name)
        if home is None:
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        value = getattr(import_module(f"{package}.{home}"), name)
        vars(import_module(package))[name] = value  # the next lookup does not come here
        return value

    return __getattr__, sorted(homes)


def import_all(*packages: str) -> None:
    """Import every module that the lazy ``packages`` take their names from: the browser's Python
    snapshot holds them all, so that no page imports them again (lite/crib_live.py)."""
    for package in packages:
        for module in import_module(package).MODULES:
            import_module(f"{package}.{module}")
