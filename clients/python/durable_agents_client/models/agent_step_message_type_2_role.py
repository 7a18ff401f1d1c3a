from enum import StrEnum

class AgentStepMessageType2Role(StrEnum):
    AGENT = "agent"

    def __str__(self) -> str:
        return str(self.value)
