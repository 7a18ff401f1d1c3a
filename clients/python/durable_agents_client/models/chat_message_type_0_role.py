from enum import StrEnum

class ChatMessageType0Role(StrEnum):
    SYSTEM = "system"

    def __str__(self) -> str:
        return str(self.value)
