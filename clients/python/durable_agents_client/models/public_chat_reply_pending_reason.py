from enum import StrEnum

class PublicChatReplyPendingReason(StrEnum):
    APPROVAL = "approval"
    CLIENT_TOOL = "client_tool"
    RUNNING = "running"

    def __str__(self) -> str:
        return str(self.value)
