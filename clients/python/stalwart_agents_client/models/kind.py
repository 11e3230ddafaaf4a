from enum import StrEnum


class Kind(StrEnum):
    ASK = "ask"
    CONFIRM = "confirm"
    DELEGATE = "delegate"
    OUTCOME_UNKNOWN = "outcome_unknown"
    SAGA_STUCK = "saga_stuck"

    def __str__(self) -> str:
        return str(self.value)
