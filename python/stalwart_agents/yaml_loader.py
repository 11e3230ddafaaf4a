"""The loader every YAML file is read with: libyaml's parser where PyYAML was built with it.

Parsing the shop's vocabulary and agent file took most of a served start in pure Python.
"""

from __future__ import annotations

import yaml

__all__ = ["Loader"]

Loader: type[yaml.SafeLoader] | type[yaml.CSafeLoader] = getattr(
    yaml, "CSafeLoader", yaml.SafeLoader
)
