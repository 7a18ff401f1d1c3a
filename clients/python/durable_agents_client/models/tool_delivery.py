from enum import StrEnum

class ToolDelivery(StrEnum):
    AT_LEAST_ONCE = "at_least_once"
    AT_MOST_ONCE = "at_most_once"

    def __str__(self) -> str:
        return str(self.value)
