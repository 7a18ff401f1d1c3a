from enum import StrEnum

class AgentRequireApprovalForType2Type1(StrEnum):
    DESTRUCTIVE = "destructive"

    def __str__(self) -> str:
        return str(self.value)
