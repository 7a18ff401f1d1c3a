from enum import StrEnum

class GenerationStepStatus(StrEnum):
    APPROVED = "approved"
    DENIED = "denied"
    ERROR = "error"
    ESCALATED = "escalated"
    EXPIRED = "expired"
    PENDING = "pending"
    SUCCESS = "success"
    TIMEOUT = "timeout"

    def __str__(self) -> str:
        return str(self.value)
