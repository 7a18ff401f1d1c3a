from enum import StrEnum

class PatchAgentToolChoiceType1Type(StrEnum):
    TOOL = "tool"

    def __str__(self) -> str:
        return str(self.value)
