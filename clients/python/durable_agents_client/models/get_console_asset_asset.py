from enum import StrEnum

class GetConsoleAssetAsset(StrEnum):
    CONSOLE_CSS = "console.css"
    CONSOLE_JS = "console.js"
    GENERATIONS_JS = "generations.js"
    KNOWLEDGE_JS = "knowledge.js"
    MEMORY_JS = "memory.js"
    UI_JS = "ui.js"

    def __str__(self) -> str:
        return str(self.value)
