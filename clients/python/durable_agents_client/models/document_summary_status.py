from enum import StrEnum

class DocumentSummaryStatus(StrEnum):
    FAILED = "failed"
    INDEXING = "indexing"
    PENDING = "pending"
    READY = "ready"

    def __str__(self) -> str:
        return str(self.value)
