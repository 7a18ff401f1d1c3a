from enum import StrEnum

class SteeringMessageRecordObject(StrEnum):
    GENERATION_MESSAGE = "generation.message"

    def __str__(self) -> str:
        return str(self.value)
