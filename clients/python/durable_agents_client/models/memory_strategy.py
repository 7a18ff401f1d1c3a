from enum import StrEnum

class MemoryStrategy(StrEnum):
    ALL = "all"
    LAST_K = "last_k"

    def __str__(self) -> str:
        return str(self.value)
