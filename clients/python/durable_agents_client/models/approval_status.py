from enum import StrEnum

class ApprovalStatus(StrEnum):
    APPROVED = "approved"
    CANCELLED = "cancelled"
    DENIED = "denied"
    EXPIRED = "expired"
    PENDING = "pending"

    def __str__(self) -> str:
        return str(self.value)
