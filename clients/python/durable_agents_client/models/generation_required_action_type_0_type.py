from enum import StrEnum

class GenerationRequiredActionType0Type(StrEnum):
    SUBMIT_TOOL_OUTPUTS = "submit_tool_outputs"

    def __str__(self) -> str:
        return str(self.value)
