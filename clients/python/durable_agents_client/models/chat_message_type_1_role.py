from enum import StrEnum

class ChatMessageType1Role(StrEnum):
    USER = "user"

    def __str__(self) -> str:
        return str(self.value)
