from enum import StrEnum

class AgentStepMessageType1Role(StrEnum):
    SYSTEM = "system"

    def __str__(self) -> str:
        return str(self.value)
