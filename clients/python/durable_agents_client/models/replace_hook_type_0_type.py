from enum import StrEnum

class ReplaceHookType0Type(StrEnum):
    HTTP = "http"

    def __str__(self) -> str:
        return str(self.value)
