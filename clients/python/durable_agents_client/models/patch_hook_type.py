from enum import StrEnum

class PatchHookType(StrEnum):
    APPROVAL = "approval"
    HTTP = "http"
    RULE = "rule"

    def __str__(self) -> str:
        return str(self.value)
