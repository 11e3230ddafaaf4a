from enum import StrEnum


class Language(StrEnum):
    EN = "en"
    PT_BR = "pt-BR"

    def __str__(self) -> str:
        return str(self.value)
