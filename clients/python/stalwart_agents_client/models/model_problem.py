from enum import StrEnum


class ModelProblem(StrEnum):
    KEY_REFUSED = "key_refused"
    MALFORMED = "malformed"
    NO_KEY = "no_key"
    RATE_LIMITED = "rate_limited"
    REJECTED = "rejected"
    TIMEOUT = "timeout"
    TOO_MANY_STEPS = "too_many_steps"
    UNKNOWN_TOOL = "unknown_tool"
    UNREACHABLE = "unreachable"
    WRONG_ARGUMENT = "wrong_argument"

    def __str__(self) -> str:
        return str(self.value)
