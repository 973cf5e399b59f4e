"""Remote play: a game between devices, with no server and a deal no device can peek at.

- `wire`: the messages (versioned JSON, numbered per sender, each naming the hashes of the last
  messages it saw), each checked field by field.
- `group` and `poker`: the mental-poker deal (commutative locks over a safe prime; each device
  shuffles; a card is shown by taking locks off; every step proved when the deal is over).
- `mailbox`: taking messages in once, in the order they were seen; asking again for what was lost.
- `record`: one deal as a device sees it, and the engine that checks every move.
- `options`, `session`: one device's side of the game, headless (`Session`); `keep`: what a
  device keeps to rejoin after a reload (its log and its own secrets), read back checked.
- `channel`: an in-memory network that drops, repeats, delays and reorders, for tests.
"""

from .group import DEFAULT_GROUP, GROUPS, Group
from .options import Options
from .session import Foul, Session, new_game_id
from .wire import WireError

__all__ = ["DEFAULT_GROUP", "GROUPS", "Foul", "Group", "Options", "Session", "WireError", "new_game_id"]
