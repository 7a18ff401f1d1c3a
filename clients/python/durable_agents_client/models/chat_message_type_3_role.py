from enum import StrEnum

class ChatMessageType3Role(StrEnum):
    TOOL = "tool"

    def __str__(self) -> str:
        return str(self.value)
