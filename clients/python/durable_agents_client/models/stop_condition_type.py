from enum import StrEnum

class StopConditionType(StrEnum):
    HASTOOLCALL = "hasToolCall"

    def __str__(self) -> str:
        return str(self.value)
