from enum import StrEnum

class ReplaceHookType2Type(StrEnum):
    APPROVAL = "approval"

    def __str__(self) -> str:
        return str(self.value)
