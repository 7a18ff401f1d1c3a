from enum import StrEnum

class AgentContextResolversItem(StrEnum):
    CHANNEL = "channel"
    CONVERSATION = "conversation"
    TEMPORAL = "temporal"

    def __str__(self) -> str:
        return str(self.value)
