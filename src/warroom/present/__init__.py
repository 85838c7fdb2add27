"""How warroom shows rules to a person, shared by every front end (the command line, the umpire's
desk, and those to come): a procedure's help and its ``key=value`` parameters, odds tables, charts.
It sits above the rules core and the rulesets and below the front ends (docs/architecture.md)."""
