"""What codegen reads from spec/openapi.yaml: routes, pause kinds and their answers, enums."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from openapi_spec_validator import validate
from openapi_spec_validator.validation.exceptions import OpenAPIValidationError
from referencing.exceptions import Unresolvable

from codegen.keywords import check_document
from codegen.node import Node, load_yaml

OPENAPI_FILE = "spec/openapi.yaml"

# The enums the constants module carries, by schema name, with the constant each becomes.
ENUMS = {
    "Decision": "DECISIONS",
    "Origin": "ORIGINS",
    "Reason": "REASONS",
    "ArgumentType": "ARGUMENT_TYPES",
    "Language": "LANGUAGES",
    "Thumb": "THUMBS",
    "OnUnread": "ON_UNREAD",
    "EventType": "EVENT_TYPES",
    "ErrorCode": "ERROR_CODES",
}
# The enums that become StrEnums in Python and frozen objects in JS, so code names a member.
STR_ENUMS = (
    "Kind",
    "Decision",
    "Origin",
    "Reason",
    "ErrorCode",
    "EventType",
    "OnUnread",
    "Thumb",
    "Language",
    "ArgumentType",
    "Viewer",
    "Channel",
)
_METHODS = ("get", "put", "post", "delete", "options", "head", "patch", "trace")
_SCHEMAS = "#/components/schemas/"


@dataclass(frozen=True)
class Kind:
    """One pause kind: when a run pauses with it, the answers it takes in order, and its rules."""

    name: str
    schema: str
    when: str
    answers: tuple[str, ...]
    sends: str | None
    safest: str
    title: str | None
    agent_raises: bool


@dataclass(frozen=True)
class Enum:
    """One string enum of the spec, with its description and each value's member name."""

    name: str
    description: str
    values: tuple[str, ...]

    @property
    def members(self) -> tuple[tuple[str, str], ...]:
        """Each value with its member name: upper case, a dash written as an underscore."""
        return tuple((value.upper().replace("-", "_"), value) for value in self.values)


@dataclass(frozen=True)
class Route:
    """One operation, in the order the chapter lists it."""

    method: str
    path: str
    operation_id: str
    does: str
    chapter: bool
    door: str | None
    """What the LangGraph door's route does, for the operations it serves too (x-door)."""


@dataclass(frozen=True)
class Described:
    """One value of an enum with the sentence the docs give it, and its status for an error."""

    name: str
    text: str
    status: int | None = None


@dataclass(frozen=True)
class Field:
    """One property of a pause, with what it holds."""

    name: str
    text: str


@dataclass(frozen=True)
class Api:
    """The parts of the OpenAPI document that codegen carries elsewhere."""

    document: dict[str, Any]
    routes: tuple[Route, ...]
    kinds: tuple[Kind, ...]
    enums: dict[str, tuple[str, ...]]
    str_enums: tuple[Enum, ...]
    error_status: dict[str, int]
    errors: tuple[Described, ...]
    events: tuple[Described, ...]
    origins: tuple[Described, ...]
    pause_fields: tuple[Field, ...]
    kind_fields: dict[str, tuple[Field, ...]]
    thread_id_rule: str
    max_event_id: int
    argument_schemas: dict[str, dict[str, str]]


def read_api(root: Path) -> Api:
    """Read spec/openapi.yaml, validate it as OpenAPI 3.1, and pull out what codegen needs."""
    document = load_yaml(root, OPENAPI_FILE)
    version = document.get("openapi").text()
    if not version.startswith("3.1."):
        raise document.get("openapi").error(f"must be 3.1.x, found {version}")
    _validate(document)
    check_document(document)
    schemas = document.get("components").get("schemas")
    enums = {name: _enum(schemas.get(name)) for name in ENUMS}
    kinds = _kinds(schemas)
    _check_decisions(schemas.get("Decision"), enums["Decision"], kinds)
    _check_resumes(schemas, kinds)
    _check_argument_origin(schemas.get("ArgumentOrigin"), enums["Origin"])
    error_status = _error_status(schemas.get("ErrorCode"), enums["ErrorCode"])
    return Api(
        document=document.mapping(),
        routes=_routes(document.get("paths")),
        kinds=kinds,
        enums=enums,
        str_enums=tuple(_str_enum(name, schemas.get(name)) for name in STR_ENUMS),
        error_status=error_status,
        errors=_errors(schemas.get("ErrorCode"), error_status),
        events=_described(schemas.get("EventType"), "x-data", enums["EventType"]),
        origins=_described(schemas.get("Origin"), "x-from", enums["Origin"]),
        pause_fields=_fields(schemas.get("InterruptBase"), schemas),
        kind_fields={kind.name: _kind_fields(kind, schemas) for kind in kinds},
        thread_id_rule=schemas.get("ThreadId").get("description").text(),
        max_event_id=_max_event_id(schemas.get("EventId"), document),
        argument_schemas=_argument_schemas(schemas.get("ArgumentType"), enums["ArgumentType"]),
    )


def _argument_schemas(schema: Node, types: tuple[str, ...]) -> dict[str, dict[str, str]]:
    """Each argument type's JSON Schema, as a model is told it: one for every type, no more."""
    schemas = schema.get("x-json-schema")
    if set(schemas.mapping()) != set(types):
        raise schemas.error(f"must give a JSON Schema for exactly the types in enum: {types}")
    return {
        name: {key: value.text() for key, value in schemas.get(name).entries()} for name in types
    }


def _max_event_id(schema: Node, document: Node) -> int:
    """EventId's maximum, which must have as many digits as the Last-Event-ID header takes."""
    maximum = schema.get("maximum").value
    if isinstance(maximum, bool) or not isinstance(maximum, int) or maximum < 1:
        raise schema.get("maximum").error("must be a whole number above 0")
    stream = document.get("paths").get("/threads/{id}/stream").get("get")
    header = next(
        p
        for p in stream.get("parameters").items()
        if p.has("name") and p.get("name").text() == "Last-Event-ID"
    )
    pattern = header.get("schema").get("pattern")
    if pattern.text() != f"^[0-9]{{1,{len(str(maximum))}}}$":
        raise pattern.error(f"must take 1 to {len(str(maximum))} digits, as EventId's maximum has")
    return maximum


def _validate(document: Node) -> None:
    try:
        validate(document.mapping())
    except OpenAPIValidationError as error:
        path = ".".join(str(part) for part in error.absolute_path)
        raise Node(None, document.file, path).error(error.message.splitlines()[0]) from None
    except Unresolvable as error:
        raise document.error(f"a $ref points nowhere: {error}") from None


def _routes(paths: Node) -> tuple[Route, ...]:
    routes = []
    for path, item in paths.entries():
        for method, operation in item.entries():
            if method not in _METHODS:
                continue
            chapter = operation.get("x-chapter").value if operation.has("x-chapter") else True
            if not isinstance(chapter, bool):
                raise operation.get("x-chapter").error("must be true or false")
            routes.append(
                Route(
                    method=method.upper(),
                    path=path,
                    operation_id=operation.get("operationId").text(),
                    does=operation.get("x-does").text(),
                    chapter=chapter,
                    door=operation.get("x-door").text() if operation.has("x-door") else None,
                )
            )
    return tuple(routes)


def _enum(schema: Node) -> tuple[str, ...]:
    values = tuple(value.text() for value in schema.get("enum").items())
    if len(set(values)) != len(values):
        raise schema.get("enum").error("lists a value twice")
    return values


def _str_enum(name: str, schema: Node) -> Enum:
    described = schema.get("description").text() if schema.has("description") else None
    enum = Enum(name, described or f"The values of the spec's {name}.", _enum(schema))
    for member, value in enum.members:
        if not member.isidentifier() or member[0].isdigit():
            raise schema.get("enum").error(f"{value!r} makes no member name ({member!r})")
    return enum


def _resolve(node: Node, schemas: Node) -> Node:
    reference = node.get("$ref").text()
    if not reference.startswith(_SCHEMAS):
        raise node.get("$ref").error(f"must point into {_SCHEMAS}")
    return schemas.get(reference.removeprefix(_SCHEMAS))


def _kinds(schemas: Node) -> tuple[Kind, ...]:
    interrupt = schemas.get("Interrupt")
    if interrupt.get("discriminator").get("propertyName").text() != "kind":
        raise interrupt.get("discriminator").get("propertyName").error("must be kind")
    kinds = []
    for variant in interrupt.get("oneOf").items():
        schema = _resolve(variant, schemas)
        properties = _properties(schema, schemas)
        if "kind" not in properties or "choices" not in properties:
            raise schema.error("must have the properties kind (a const) and choices (an enum)")
        name = properties["kind"].get("const").text()
        answers = _enum(properties["choices"].get("items"))
        schema_name = schema.key.rsplit(".", 1)[-1]
        kinds.append(
            Kind(
                name,
                schema_name,
                schema.get("x-when").text(),
                answers,
                sends=_sends(schema.get("x-sends"), answers),
                safest=_answer(schema.get("x-safest"), answers),
                title=schema.get("x-title").optional_text(),
                agent_raises=_flag(schema.get("x-agent-raises")),
            )
        )
    names = tuple(kind.name for kind in kinds)
    if len(set(names)) != len(names):
        raise interrupt.get("oneOf").error("two variants have the same kind")
    if schemas.has("Kind") and _enum(schemas.get("Kind")) != names:
        order = ", ".join(names)
        raise schemas.get("Kind").get("enum").error(f"must list Interrupt.oneOf's kinds: {order}")
    return tuple(kinds)


def _sends(node: Node, answers: tuple[str, ...]) -> str | None:
    """The answer that sends the paused call, or None for a kind whose answers send none."""
    return None if node.value is None else _answer(node, answers)


def _answer(node: Node, answers: tuple[str, ...]) -> str:
    answer = node.text()
    if answer not in answers:
        raise node.error(f"must be one of the kind's choices: {', '.join(answers)}")
    return answer


def _flag(node: Node) -> bool:
    if not isinstance(node.value, bool):
        raise node.error("must be true or false")
    return node.value


def _properties(schema: Node, schemas: Node) -> dict[str, Node]:
    """A schema's properties, with those of every allOf part it is built from."""
    if schema.has("$ref"):
        return _properties(_resolve(schema, schemas), schemas)
    properties: dict[str, Node] = {}
    for part in schema.get("allOf").items() if schema.has("allOf") else []:
        properties.update(_properties(part, schemas))
    if schema.has("properties"):
        properties.update(schema.get("properties").entries())
    return properties


def _check_decisions(schema: Node, decisions: tuple[str, ...], kinds: tuple[Kind, ...]) -> None:
    answers = {answer for kind in kinds for answer in kind.answers}
    if answers != set(decisions):
        missing = sorted(answers - set(decisions))
        extra = sorted(set(decisions) - answers)
        raise schema.get("enum").error(
            f"must list every kind's answers and nothing else; missing {missing}, extra {extra}"
        )


def _check_argument_origin(schema: Node, origins: tuple[str, ...]) -> None:
    """ArgumentOrigin's pattern takes exactly the Origins, `result` written `result:<step>`."""
    names = {f"{origin}:[0-9]+" if origin == "result" else origin for origin in origins}
    pattern = schema.get("pattern").text()
    taken = set(pattern.removeprefix("^(").removesuffix(")$").split("|"))
    if not (pattern.startswith("^(") and pattern.endswith(")$")) or taken != names:
        raise schema.get("pattern").error(f"must take every Origin: ^({'|'.join(sorted(names))})$")


def _check_resumes(schemas: Node, kinds: tuple[Kind, ...]) -> None:
    """Resume names each kind once, and each variant takes exactly its kind's choices."""
    mapping = schemas.get("Resume").get("discriminator").get("mapping")
    if list(mapping.mapping()) != [kind.name for kind in kinds]:
        order = ", ".join(kind.name for kind in kinds)
        raise mapping.error(f"must map Interrupt.oneOf's kinds, in its order: {order}")
    for kind in kinds:
        target = mapping.get(kind.name)
        if not target.text().startswith(_SCHEMAS):
            raise target.error(f"must point into {_SCHEMAS}")
        properties = _properties(schemas.get(target.text().removeprefix(_SCHEMAS)), schemas)
        if properties["kind"].get("const").text() != kind.name:
            raise properties["kind"].error(f"must be the const {kind.name}")
        if _enum(properties["decision"]) != kind.answers:
            answers = ", ".join(kind.answers)
            raise properties["decision"].error(f"must take {kind.name}'s choices: {answers}")


def _error_status(schema: Node, codes: tuple[str, ...]) -> dict[str, int]:
    statuses = schema.get("x-status")
    status = {}
    for code in codes:
        value = statuses.get(code).value
        if isinstance(value, bool) or not isinstance(value, int) or not 400 <= value < 600:
            raise statuses.get(code).error("must be an HTTP error status")
        status[code] = value
    if set(statuses.mapping()) != set(codes):
        raise statuses.error("must give a status for exactly the codes in enum")
    return status


def _described(schema: Node, key: str, values: tuple[str, ...]) -> tuple[Described, ...]:
    """Each enum value with its sentence from the schema's `key` mapping, which covers them all."""
    texts = schema.get(key)
    if set(texts.mapping()) != set(values):
        raise texts.error(f"must describe exactly the values in enum: {', '.join(values)}")
    return tuple(Described(value, texts.get(value).text()) for value in values)


def _errors(schema: Node, status: dict[str, int]) -> tuple[Described, ...]:
    """Each error code with when it is given: one sentence, or one per status it is given with."""
    whens = schema.get("x-when")
    if set(whens.mapping()) != set(status):
        raise whens.error("must say when each code in enum is given, and nothing else")
    rows = []
    for code, default in status.items():
        when = whens.get(code)
        if not isinstance(when.value, dict):
            rows.append(Described(code, when.text(), default))
            continue
        for given, text in when.entries():
            if not given.isdigit() or not 400 <= int(given) < 600:
                raise text.error("a status a code is given with must be an HTTP error status")
            rows.append(Described(code, text.text(), int(given)))
        if str(default) not in when.mapping():
            raise when.error(f"must say when the code is given with its x-status, {default}")
    return tuple(rows)


def _fields(schema: Node, schemas: Node) -> tuple[Field, ...]:
    """The properties every pause has, each with its description."""
    return tuple(
        Field(name, node.get("description").text())
        for name, node in _properties(schema, schemas).items()
    )


def _kind_fields(kind: Kind, schemas: Node) -> tuple[Field, ...]:
    """What a kind adds to every pause's properties, besides its kind and its choices."""
    base = set(_properties(schemas.get("InterruptBase"), schemas))
    added = _properties(schemas.get(kind.schema), schemas)
    return tuple(
        Field(name, node.get("description").text())
        for name, node in added.items()
        if name not in base and name not in ("kind", "choices")
    )
