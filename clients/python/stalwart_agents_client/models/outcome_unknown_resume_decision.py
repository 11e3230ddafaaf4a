from enum import StrEnum


class OutcomeUnknownResumeDecision(StrEnum):
    DID_NOT_HAPPEN = "did_not_happen"
    HAPPENED = "happened"

    def __str__(self) -> str:
        return str(self.value)
