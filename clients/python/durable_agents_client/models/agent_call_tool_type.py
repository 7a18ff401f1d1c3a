from enum import StrEnum

class AgentCallToolType(StrEnum):
    AGENT = "agent"

    def __str__(self) -> str:
        return str(self.value)
