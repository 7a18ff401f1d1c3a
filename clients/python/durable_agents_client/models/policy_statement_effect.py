from enum import StrEnum

class PolicyStatementEffect(StrEnum):
    ALLOW = "Allow"
    DENY = "Deny"

    def __str__(self) -> str:
        return str(self.value)
