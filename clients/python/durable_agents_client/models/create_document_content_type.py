from enum import StrEnum

class CreateDocumentContentType(StrEnum):
    TEXTMARKDOWN = "text/markdown"
    TEXTPLAIN = "text/plain"

    def __str__(self) -> str:
        return str(self.value)
