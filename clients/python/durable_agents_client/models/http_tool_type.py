from enum import StrEnum

class HttpToolType(StrEnum):
    HTTP = "http"

    def __str__(self) -> str:
        return str(self.value)
