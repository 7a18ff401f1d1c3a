from enum import StrEnum

class PatchAgentToolType(StrEnum):
    AGENT = "agent"
    BUILTIN = "builtin"
    CLIENT = "client"
    HTTP = "http"
    MCP = "mcp"
    PLATFORM = "platform"
    SOAT = "soat"

    def __str__(self) -> str:
        return str(self.value)
