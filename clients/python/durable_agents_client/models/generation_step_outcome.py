from enum import StrEnum

class GenerationStepOutcome(StrEnum):
    UNKNOWN = "unknown"

    def __str__(self) -> str:
        return str(self.value)
