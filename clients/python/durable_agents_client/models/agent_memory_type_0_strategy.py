from enum import StrEnum

class AgentMemoryType0Strategy(StrEnum):
    ALL = "all"
    LAST_K = "last_k"

    def __str__(self) -> str:
        return str(self.value)
