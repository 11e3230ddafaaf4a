from enum import StrEnum


class EventType(StrEnum):
    ANSWER = "answer"
    CALL = "call"
    CHECK = "check"
    PAUSE = "pause"
    PLAN = "plan"
    REFUSAL = "refusal"
    REPLY = "reply"
    ROLLBACK = "rollback"
    TURN = "turn"
    UNDO = "undo"

    def __str__(self) -> str:
        return str(self.value)
