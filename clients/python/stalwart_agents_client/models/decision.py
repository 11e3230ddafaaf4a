from enum import StrEnum


class Decision(StrEnum):
    ABANDON = "abandon"
    ANSWER = "answer"
    APPROVE = "approve"
    CANCEL_ALL = "cancel_all"
    DECLINE = "decline"
    DID_NOT_HAPPEN = "did_not_happen"
    DONE_BY_HAND = "done_by_hand"
    HAPPENED = "happened"
    RETRY = "retry"
    SKIP = "skip"

    def __str__(self) -> str:
        return str(self.value)
