from enum import StrEnum


class OutcomeUnknownInterruptChoicesItem(StrEnum):
    DID_NOT_HAPPEN = "did_not_happen"
    HAPPENED = "happened"

    def __str__(self) -> str:
        return str(self.value)
