from enum import StrEnum


class SagaStuckInterruptChoicesItem(StrEnum):
    ABANDON = "abandon"
    DONE_BY_HAND = "done_by_hand"
    RETRY = "retry"

    def __str__(self) -> str:
        return str(self.value)
