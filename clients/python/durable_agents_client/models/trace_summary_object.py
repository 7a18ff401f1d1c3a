from enum import StrEnum

class TraceSummaryObject(StrEnum):
    TRACE = "trace"

    def __str__(self) -> str:
        return str(self.value)
