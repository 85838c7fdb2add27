"""The rules core: chance and its evaluators, rulings, parameters, rules tables, the game interface,
game records and replay, and the registry. It imports nothing else of warroom; every ruleset builds on
it (docs/architecture.md "Layers")."""
