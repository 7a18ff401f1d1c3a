from enum import StrEnum

class ApprovalEscalationOnExpiryType3Type1(StrEnum):
    APPROVE = "approve"
    DENY = "deny"

    def __str__(self) -> str:
        return str(self.value)
