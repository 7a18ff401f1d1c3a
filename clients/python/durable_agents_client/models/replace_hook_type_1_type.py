from enum import StrEnum

class ReplaceHookType1Type(StrEnum):
    RULE = "rule"

    def __str__(self) -> str:
        return str(self.value)
