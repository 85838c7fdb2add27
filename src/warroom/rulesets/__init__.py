"""Every ruleset, registered on import (one package per seed)."""
