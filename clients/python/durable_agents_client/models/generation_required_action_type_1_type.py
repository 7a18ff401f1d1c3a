from enum import StrEnum

class GenerationRequiredActionType1Type(StrEnum):
    APPROVE_TOOL_CALLS = "approve_tool_calls"

    def __str__(self) -> str:
        return str(self.value)
