from enum import StrEnum


class Origin(StrEnum):
    AGENT = "agent"
    COMPUTED = "computed"
    CONTEXT = "context"
    MODEL = "model"
    REPLY = "reply"
    RESULT = "result"
    TYPED = "typed"

    def __str__(self) -> str:
        return str(self.value)
