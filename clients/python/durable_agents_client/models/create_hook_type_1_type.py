from enum import StrEnum

class CreateHookType1Type(StrEnum):
    RULE = "rule"

    def __str__(self) -> str:
        return str(self.value)
