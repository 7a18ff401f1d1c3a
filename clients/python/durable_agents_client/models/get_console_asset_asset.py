from enum import StrEnum

class GetConsoleAssetAsset(StrEnum):
    CONSOLE_CSS = "console.css"
    CONSOLE_JS = "console.js"

    def __str__(self) -> str:
        return str(self.value)
