from enum import StrEnum

class ToolExecuteBodyEncoding(StrEnum):
    FORM = "form"
    JSON = "json"

    def __str__(self) -> str:
        return str(self.value)
