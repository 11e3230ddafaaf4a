from enum import StrEnum


class ConfirmInterruptChoicesItem(StrEnum):
    APPROVE = "approve"
    CANCEL_ALL = "cancel_all"
    SKIP = "skip"

    def __str__(self) -> str:
        return str(self.value)
