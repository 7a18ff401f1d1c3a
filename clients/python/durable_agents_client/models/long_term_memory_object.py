from enum import StrEnum

class LongTermMemoryObject(StrEnum):
    MEMORY = "memory"

    def __str__(self) -> str:
        return str(self.value)
