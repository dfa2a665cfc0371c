"""The benchmark scripts: each measures a goal of the project and prints the figures that
docs/benchmarks.md records with the command that produced them.

A package, so that the scripts import each other and their shared helpers
(:mod:`bench.common`) by absolute name (``from bench.bench_par import deal_numbers``) and the
tests import them as modules. Run a script as a module from the project's root::

    .venv/bin/python -m bench.bench_rules --deals 20000 --repeat 3

(``python bench/bench_rules.py`` finds no package ``bench`` for the scripts that import another
script or :mod:`bench.common`, so the module form is the one documented.)
"""
