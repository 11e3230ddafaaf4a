"""Carries spec/ to Python, to the JS package and to the docs: `python -m codegen [--check]`."""

from codegen.errors import SpecError
from codegen.outputs import generate, stale, write

__all__ = ["SpecError", "generate", "stale", "write"]
