from enum import StrEnum


class Channel(StrEnum):
    API = "api"
    CHAT = "chat"
    DESK = "desk"
    DOOR = "door"
    EXPIRY = "expiry"
    WEBHOOK = "webhook"

    def __str__(self) -> str:
        return str(self.value)
