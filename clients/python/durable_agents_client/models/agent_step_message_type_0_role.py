from enum import StrEnum

class AgentStepMessageType0Role(StrEnum):
    USER = "user"

    def __str__(self) -> str:
        return str(self.value)
