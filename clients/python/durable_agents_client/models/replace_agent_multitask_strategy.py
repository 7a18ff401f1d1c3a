from enum import StrEnum

class ReplaceAgentMultitaskStrategy(StrEnum):
    ENQUEUE = "enqueue"
    INTERRUPT = "interrupt"
    REJECT = "reject"
    ROLLBACK = "rollback"

    def __str__(self) -> str:
        return str(self.value)
