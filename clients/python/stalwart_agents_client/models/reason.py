from enum import StrEnum


class Reason(StrEnum):
    ARGUMENT_ORIGIN = "argument_origin"
    TAINTED_CALL = "tainted_call"
    WRITE = "write"

    def __str__(self) -> str:
        return str(self.value)
