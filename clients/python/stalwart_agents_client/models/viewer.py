from enum import StrEnum


class Viewer(StrEnum):
    GUEST = "guest"
    OWNER = "owner"
    STAFF = "staff"

    def __str__(self) -> str:
        return str(self.value)
