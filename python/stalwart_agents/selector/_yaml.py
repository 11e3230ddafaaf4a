"""YAML read with the line of every key and item, so a vocabulary error can name where it is."""

from __future__ import annotations

from typing import Any

import yaml

from stalwart_agents.errors import StalwartError
from stalwart_agents.yaml_loader import Loader

__all__ = ["Lines", "Path", "YamlError", "load_with_lines"]

# A place in the document: keys and list indexes from the root.
Path = tuple[str | int, ...]
Lines = dict[Path, int]


class YamlError(StalwartError, ValueError):
    """The text is not YAML, or holds a key twice; `line` is 1-based."""

    def __init__(self, message: str, line: int) -> None:
        super().__init__(message)
        self.line = line


def load_with_lines(text: str) -> tuple[Any, Lines]:
    """Parse one YAML document safely, returning its value and the line of each path in it."""
    loader = Loader(text)
    try:
        node = loader.get_single_node()
        lines: Lines = {}
        value = _build(loader, node, (), lines) if node is not None else None
    except yaml.MarkedYAMLError as error:
        mark = error.problem_mark or error.context_mark
        line = mark.line + 1 if mark is not None else 1
        problem = error.problem or error.context or "it is not valid YAML"
        raise YamlError(f"not valid YAML: {problem}", line) from None
    except yaml.YAMLError as error:
        raise YamlError(f"not valid YAML: {error}", 1) from None
    finally:
        loader.dispose()
    return value, lines


def _build(
    loader: yaml.SafeLoader | yaml.CSafeLoader, node: yaml.Node, path: Path, lines: Lines
) -> Any:
    lines[path] = node.start_mark.line + 1
    if isinstance(node, yaml.MappingNode):
        mapping: dict[Any, Any] = {}
        for key_node, value_node in node.value:
            key = loader.construct_object(key_node, deep=True)
            if not isinstance(key, str | int | float | bool) and key is not None:
                raise YamlError("a key must be a plain word", key_node.start_mark.line + 1)
            key = str(key) if key is not None else "null"
            if key in mapping:
                raise YamlError(f"the key {key!r} appears twice", key_node.start_mark.line + 1)
            mapping[key] = _build(loader, value_node, (*path, key), lines)
            lines[(*path, key)] = key_node.start_mark.line + 1
        return mapping
    if isinstance(node, yaml.SequenceNode):
        return [_build(loader, item, (*path, i), lines) for i, item in enumerate(node.value)]
    return loader.construct_object(node, deep=True)
