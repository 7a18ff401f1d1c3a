from enum import StrEnum

class SteeringMessageRecordStatus(StrEnum):
    APPLIED = "applied"
    NOT_APPLIED = "not_applied"
    PENDING = "pending"

    def __str__(self) -> str:
        return str(self.value)
