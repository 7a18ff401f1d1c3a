from enum import StrEnum

class AgentRequireApprovalForType1(StrEnum):
    DESTRUCTIVE = "destructive"

    def __str__(self) -> str:
        return str(self.value)
