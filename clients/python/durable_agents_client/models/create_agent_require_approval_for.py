from enum import StrEnum

class CreateAgentRequireApprovalFor(StrEnum):
    DESTRUCTIVE = "destructive"

    def __str__(self) -> str:
        return str(self.value)
