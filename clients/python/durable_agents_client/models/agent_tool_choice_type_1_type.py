from enum import StrEnum

class AgentToolChoiceType1Type(StrEnum):
    TOOL = "tool"

    def __str__(self) -> str:
        return str(self.value)
