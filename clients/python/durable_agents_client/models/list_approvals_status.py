from enum import StrEnum

class ListApprovalsStatus(StrEnum):
    APPROVED = "approved"
    CANCELLED = "cancelled"
    DENIED = "denied"
    EXPIRED = "expired"
    PENDING = "pending"

    def __str__(self) -> str:
        return str(self.value)
