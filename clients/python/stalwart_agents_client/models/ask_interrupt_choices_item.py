from enum import StrEnum


class AskInterruptChoicesItem(StrEnum):
    ANSWER = "answer"

    def __str__(self) -> str:
        return str(self.value)
