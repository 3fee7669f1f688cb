"""The built-in games, each in its own package; registered lazily, so listing them imports none.

Bourbonomics' rules still live in ``bourbon_lab/games/bourbonomics/``; ``games/bourbonomics`` puts them behind
the protocol without moving them (the move is the next step of issue #14).

This package is also the tour's ``bl.games()``: calling it lists the registered games. The
package and the function share one name, so the module itself is made callable rather than
letting one shadow the other (``import bourbon_lab.games.bourbonomics`` must keep working).
"""

import sys
import types

from ..core import games as _registered
from ..core import register_lazy

BUILTIN = {"bourbonomics": "bourbon_lab.games.bourbonomics"}
"""Game name -> the package whose import registers it."""
BUILTIN["gin_crafters"] = "bourbon_lab.games.gin_crafters"
BUILTIN["microbrew"] = "bourbon_lab.games.microbrew"
BUILTIN["distilled"] = "bourbon_lab.games.distilled"

for _name, _module in BUILTIN.items():
    register_lazy(_name, _module)


class _CallablePackage(types.ModuleType):
    def __call__(self) -> list[str]:
        """The names of every registered game, sorted (``bourbon_lab.core.games``)."""
        return _registered()


sys.modules[__name__].__class__ = _CallablePackage
