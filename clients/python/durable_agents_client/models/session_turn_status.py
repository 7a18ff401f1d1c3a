from enum import StrEnum

class SessionTurnStatus(StrEnum):
    CANCELLED = "cancelled"
    COMPLETED = "completed"
    FAILED = "failed"
    QUEUED = "queued"
    REQUIRES_ACTION = "requires_action"
    RUNNING = "running"

    def __str__(self) -> str:
        return str(self.value)
