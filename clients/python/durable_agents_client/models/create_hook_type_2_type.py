from enum import StrEnum

class CreateHookType2Type(StrEnum):
    APPROVAL = "approval"

    def __str__(self) -> str:
        return str(self.value)
