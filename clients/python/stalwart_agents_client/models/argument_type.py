from enum import StrEnum


class ArgumentType(StrEnum):
    BOOLEAN = "boolean"
    DATE = "date"
    INTEGER = "integer"
    NUMBER = "number"
    STRING = "string"

    def __str__(self) -> str:
        return str(self.value)
