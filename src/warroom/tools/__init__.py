"""Tools over the rulesets: rule coverage (each seed section, the code that implements it and the tests that
check it) and the conformance suite every full game passes."""
