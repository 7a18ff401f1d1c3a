from enum import StrEnum

class GenerationRequiredActionType3Type(StrEnum):
    CHILD_REQUIRES_ACTION = "child_requires_action"

    def __str__(self) -> str:
        return str(self.value)
