from enum import StrEnum

class DocumentSummaryContentType(StrEnum):
    TEXTMARKDOWN = "text/markdown"
    TEXTPLAIN = "text/plain"

    def __str__(self) -> str:
        return str(self.value)
