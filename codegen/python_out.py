"""The Python side: Pydantic models through datamodel-code-generator, and the constants module."""

from __future__ import annotations

import datamodel_code_generator as dcg
from datamodel_code_generator.enums import DataModelType
from datamodel_code_generator.format import Formatter

from codegen.openapi import ENUMS, OPENAPI_FILE
from codegen.render import header, render
from codegen.spec import CLI_FILE, STRINGS_FILE, Spec

MODELS = "python/stalwart_agents/_generated/models.py"
CONSTANTS = "python/stalwart_agents/_generated/spec.py"
ENUMS_PY = "python/stalwart_agents/_generated/enums.py"


def models(spec: Spec) -> str:
    """Pydantic v2 models of every schema, with the flags pinned in TOOLING-NOTES."""
    source = dcg.generate(
        spec.api.document,
        input_file_type=dcg.InputFileType.OpenAPI,
        output_model_type=DataModelType.PydanticV2BaseModel,
        use_annotated=True,
        field_constraints=True,
        enum_field_as_literal=dcg.LiteralType.All,
        use_standard_collections=True,
        use_union_operator=True,
        use_type_alias=True,
        target_python_version=dcg.PythonVersion.PY_311,
        disable_timestamp=True,
        formatters=[Formatter.BUILTIN],
        openapi_scopes=[dcg.OpenAPIScope.Schemas, dcg.OpenAPIScope.Paths],
        custom_file_header=header("#", f"{OPENAPI_FILE} through datamodel-code-generator").rstrip(),
    )
    if not isinstance(source, str):
        raise TypeError("datamodel-code-generator returned several modules where one was expected")
    return source if source.endswith("\n") else source + "\n"


def constants(spec: Spec) -> str:
    """The constants module other code imports instead of retyping a kind, answer or route."""
    return render(
        "constants.py.j2",
        header=header("#", OPENAPI_FILE, CLI_FILE, STRINGS_FILE),
        api=spec.api,
        cli=spec.cli,
        replies=spec.replies,
        strings=spec.strings,
        enum_constants=[(schema, name) for schema, name in ENUMS.items() if schema != "ErrorCode"],
    )


def enums(spec: Spec) -> str:
    """Kind, Decision, Origin and the other spec enums as StrEnums, for code to compare against."""
    return render("enums.py.j2", header=header("#", OPENAPI_FILE), api=spec.api)
