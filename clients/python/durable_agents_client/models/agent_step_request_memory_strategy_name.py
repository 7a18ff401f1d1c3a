from enum import StrEnum

class AgentStepRequestMemoryStrategyName(StrEnum):
    LAST_K = "last_k"

    def __str__(self) -> str:
        return str(self.value)
