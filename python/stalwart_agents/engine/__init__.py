"""Durable execution by replay: a run's step is re-run from its journal on any worker."""
