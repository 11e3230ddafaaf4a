from enum import StrEnum


class AskResumeDecision(StrEnum):
    ANSWER = "answer"

    def __str__(self) -> str:
        return str(self.value)
