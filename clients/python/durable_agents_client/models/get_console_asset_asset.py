from enum import StrEnum

class GetConsoleAssetAsset(StrEnum):
    CONSOLE_CSS = "console.css"
    CONSOLE_JS = "console.js"
    DEADLINES_JS = "deadlines.js"
    FORK_JS = "fork.js"
    GENERATIONS_JS = "generations.js"
    KNOWLEDGE_JS = "knowledge.js"
    MEMORY_JS = "memory.js"
    SCHEDULES_JS = "schedules.js"
    STEERING_JS = "steering.js"
    UI_JS = "ui.js"

    def __str__(self) -> str:
        return str(self.value)
