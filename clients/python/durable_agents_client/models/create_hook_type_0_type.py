from enum import StrEnum

class CreateHookType0Type(StrEnum):
    HTTP = "http"

    def __str__(self) -> str:
        return str(self.value)
