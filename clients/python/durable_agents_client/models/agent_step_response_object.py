from enum import StrEnum

class AgentStepResponseObject(StrEnum):
    AGENT_STEP = "agent_step"

    def __str__(self) -> str:
        return str(self.value)
