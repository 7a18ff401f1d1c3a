from enum import StrEnum

class PublicChatReplyStatus(StrEnum):
    CLARIFICATION = "clarification"
    COMPLETED = "completed"
    FAILED = "failed"
    PENDING = "pending"

    def __str__(self) -> str:
        return str(self.value)
