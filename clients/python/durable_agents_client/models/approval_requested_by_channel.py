from enum import StrEnum

class ApprovalRequestedByChannel(StrEnum):
    API = "api"
    PUBLIC_CHAT = "public_chat"

    def __str__(self) -> str:
        return str(self.value)
