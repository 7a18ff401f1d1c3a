from enum import StrEnum

class GenerationObject(StrEnum):
    GENERATION = "generation"

    def __str__(self) -> str:
        return str(self.value)
