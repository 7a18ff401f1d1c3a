from enum import StrEnum

class GenerationRequiredActionType2Type(StrEnum):
    ANSWER_CLARIFICATION = "answer_clarification"

    def __str__(self) -> str:
        return str(self.value)
