from enum import StrEnum

class SearchResultStrategy(StrEnum):
    FULL_TEXT = "full_text"
    HYBRID = "hybrid"
    VECTOR = "vector"

    def __str__(self) -> str:
        return str(self.value)
