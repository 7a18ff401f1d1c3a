from enum import StrEnum

class ScheduleSummaryObject(StrEnum):
    SCHEDULE = "schedule"

    def __str__(self) -> str:
        return str(self.value)
