from enum import StrEnum


class DelegateInterruptChoicesItem(StrEnum):
    APPROVE = "approve"
    DECLINE = "decline"

    def __str__(self) -> str:
        return str(self.value)
