from enum import StrEnum

class ChatMessageType2Role(StrEnum):
    ASSISTANT = "assistant"

    def __str__(self) -> str:
        return str(self.value)
