from enum import StrEnum

class PatchAgentContextResolversItem(StrEnum):
    CHANNEL = "channel"
    CONVERSATION = "conversation"
    TEMPORAL = "temporal"

    def __str__(self) -> str:
        return str(self.value)
