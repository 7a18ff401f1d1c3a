from enum import StrEnum

class SoatToolType(StrEnum):
    SOAT = "soat"

    def __str__(self) -> str:
        return str(self.value)
