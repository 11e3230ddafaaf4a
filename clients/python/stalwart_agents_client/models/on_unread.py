from enum import StrEnum


class OnUnread(StrEnum):
    ASK = "ask"
    MODEL = "model"
    REFUSE = "refuse"

    def __str__(self) -> str:
        return str(self.value)
