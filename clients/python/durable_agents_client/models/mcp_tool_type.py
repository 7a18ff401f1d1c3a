from enum import StrEnum

class McpToolType(StrEnum):
    MCP = "mcp"

    def __str__(self) -> str:
        return str(self.value)
