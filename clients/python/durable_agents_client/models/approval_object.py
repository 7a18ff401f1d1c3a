from enum import StrEnum

class ApprovalObject(StrEnum):
    APPROVAL = "approval"

    def __str__(self) -> str:
        return str(self.value)
