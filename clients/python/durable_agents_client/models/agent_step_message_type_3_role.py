from enum import StrEnum

class AgentStepMessageType3Role(StrEnum):
    TOOL = "tool"

    def __str__(self) -> str:
        return str(self.value)
