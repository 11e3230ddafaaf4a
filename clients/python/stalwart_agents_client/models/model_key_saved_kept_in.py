from enum import StrEnum


class ModelKeySavedKeptIn(StrEnum):
    FILE = "file"
    KEYRING = "keyring"

    def __str__(self) -> str:
        return str(self.value)
