from enum import StrEnum

class SessionObject(StrEnum):
    SESSION = "session"

    def __str__(self) -> str:
        return str(self.value)
