from enum import StrEnum

class PatchAgentRequireApprovalForType0(StrEnum):
    DESTRUCTIVE = "destructive"

    def __str__(self) -> str:
        return str(self.value)
