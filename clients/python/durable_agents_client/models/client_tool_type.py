from enum import StrEnum

class ClientToolType(StrEnum):
    CLIENT = "client"

    def __str__(self) -> str:
        return str(self.value)
