from enum import StrEnum

class BuiltinToolType(StrEnum):
    BUILTIN = "builtin"

    def __str__(self) -> str:
        return str(self.value)
