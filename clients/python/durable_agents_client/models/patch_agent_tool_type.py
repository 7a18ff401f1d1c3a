from enum import StrEnum

class PatchAgentToolType(StrEnum):
    AGENT = "agent"
    BUILTIN = "builtin"
    CLIENT = "client"
    HTTP = "http"
    MCP = "mcp"

    def __str__(self) -> str:
        return str(self.value)
