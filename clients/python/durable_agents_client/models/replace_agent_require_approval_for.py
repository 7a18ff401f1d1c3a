from enum import StrEnum

class ReplaceAgentRequireApprovalFor(StrEnum):
    DESTRUCTIVE = "destructive"

    def __str__(self) -> str:
        return str(self.value)
