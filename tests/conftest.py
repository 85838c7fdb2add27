"""What every test shares: none of them writes to the user's own data folder.

warroom keeps ladders, lab runs and games in the user data folder (platformdirs; ``$XDG_DATA_HOME/warroom`` on
Linux) unless ``--db`` names a file. A test that forgets ``--db`` must not add games to the tester's own runs,
so each test process points the folder at a temporary one of its own.
"""

from __future__ import annotations

import os
import tempfile

_DATA_HOME = tempfile.mkdtemp(prefix="warroom-test-data-")
os.environ["XDG_DATA_HOME"] = _DATA_HOME
