"""Strict YAML reading: every value is fetched through a Node that knows its file and key path."""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import dataclass
from pathlib import Path

import yaml

from codegen.errors import SpecError

# libyaml's loader (in every PyYAML wheel): the pure-Python one took most of a run's time.


class _StrictLoader(yaml.CSafeLoader):
    """A safe loader that refuses duplicate keys, which plain YAML silently overwrites."""


def _construct_mapping(loader: _StrictLoader, node: yaml.MappingNode) -> dict[Hashable, object]:
    loader.flatten_mapping(node)
    mapping: dict[Hashable, object] = {}
    for key_node, value_node in node.value:
        key = loader.construct_object(key_node, deep=True)
        if key in mapping:
            raise yaml.constructor.ConstructorError(
                "while reading a mapping",
                node.start_mark,
                f"found the key {key!r} twice",
                key_node.start_mark,
            )
        mapping[key] = loader.construct_object(value_node, deep=True)
    return mapping


_StrictLoader.add_constructor(yaml.resolver.BaseResolver.DEFAULT_MAPPING_TAG, _construct_mapping)


@dataclass(frozen=True)
class Node:
    """A value read from a spec file, with the file and the key path that error messages name."""

    value: object
    file: str
    key: str = ""

    def error(self, problem: str) -> SpecError:
        """An error about this value, naming where it is."""
        return SpecError(self.file, self.key, problem)

    def _child(self, value: object, part: str) -> Node:
        key = f"{self.key}.{part}" if self.key and not part.startswith("[") else self.key + part
        return Node(value, self.file, key)

    def mapping(self) -> dict[str, object]:
        """The value as a mapping with text keys."""
        if not isinstance(self.value, dict):
            raise self.error(f"expected a mapping, found {_kind(self.value)}")
        for key in self.value:
            if not isinstance(key, str):
                raise self.error(f"expected text keys, found the key {key!r}")
        return self.value

    def only(self, *keys: str) -> Node:
        """The same node, after refusing any key but these (an unquoted comma makes stray keys)."""
        for key in self.mapping():
            if key not in keys:
                raise self._child(None, key).error(
                    f"is not a known key here (known: {', '.join(keys)}); if it is the end of"
                    " a text after a comma, quote the whole text"
                )
        return self

    def has(self, key: str) -> bool:
        """Whether the mapping holds the key."""
        return key in self.mapping()

    def get(self, key: str) -> Node:
        """A key that must be present."""
        mapping = self.mapping()
        if key not in mapping:
            raise self._child(None, key).error("is missing")
        return self._child(mapping[key], key)

    def entries(self) -> list[tuple[str, Node]]:
        """The mapping's entries, in file order."""
        return [(key, self._child(value, key)) for key, value in self.mapping().items()]

    def items(self) -> list[Node]:
        """The value as a list."""
        if not isinstance(self.value, list):
            raise self.error(f"expected a list, found {_kind(self.value)}")
        return [self._child(value, f"[{index}]") for index, value in enumerate(self.value)]

    def text(self) -> str:
        """The value as non-empty text."""
        if not isinstance(self.value, str):
            raise self.error(f"expected text, found {_kind(self.value)}")
        if not self.value.strip():
            raise self.error("is empty")
        return self.value

    def optional_text(self) -> str | None:
        """The value as non-empty text, or None when null."""
        return None if self.value is None else self.text()


def _kind(value: object) -> str:
    if value is None:
        return "nothing"
    return {dict: "a mapping", list: "a list", str: "text", bool: "a boolean"}.get(
        type(value), f"a {type(value).__name__}"
    )


def load_yaml(root: Path, relative: str) -> Node:
    """Read one spec file, turning a missing file or bad YAML into a SpecError."""
    path = root / relative
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise SpecError(relative, "", "the file is missing") from None
    except (OSError, UnicodeDecodeError) as error:
        raise SpecError(relative, "", f"cannot be read: {error}") from None
    try:
        value = yaml.load(text, Loader=_StrictLoader)
    except yaml.YAMLError as error:
        raise SpecError(relative, "", f"is not valid YAML: {error}") from None
    return Node(value, relative)
