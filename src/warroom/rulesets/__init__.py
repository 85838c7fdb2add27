"""The rulesets warroom carries, one package per seed; each imports only the rules core (and a ruleset it
declares it builds on). The registry finds them through the ``warroom.rulesets`` entry points in
``pyproject.toml``; this package imports none of them."""
