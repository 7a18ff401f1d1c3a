from enum import StrEnum

class AgentToolExecuteType0BodyEncoding(StrEnum):
    FORM = "form"
    JSON = "json"

    def __str__(self) -> str:
        return str(self.value)
