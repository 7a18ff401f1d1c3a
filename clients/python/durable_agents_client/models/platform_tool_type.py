from enum import StrEnum

class PlatformToolType(StrEnum):
    PLATFORM = "platform"

    def __str__(self) -> str:
        return str(self.value)
