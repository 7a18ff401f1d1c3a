from enum import StrEnum

class ApprovalOnExpiry(StrEnum):
    APPROVE = "approve"
    DENY = "deny"
    ESCALATE = "escalate"

    def __str__(self) -> str:
        return str(self.value)
