"""The scenario balance lab: many AI games of a scenario on a process pool or a Ray cluster, kept in SQLite,
counted up into the numbers a designer reads, two runs compared, and a self-contained HTML report.

``job`` (what a run plays and one game of it, with its trace), ``store`` (the runs' SQLite file), ``run`` (the
games played on a pool or Ray, stored as they end), ``stats`` (the numbers), ``compare`` (two runs and the
significance of their differences), ``report`` (the HTML page). ``warroom simulate`` is its command.
"""
