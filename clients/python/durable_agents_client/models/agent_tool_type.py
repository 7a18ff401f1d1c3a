from enum import StrEnum

class AgentToolType(StrEnum):
    AGENT = "agent"
    BUILTIN = "builtin"
    CLIENT = "client"
    HTTP = "http"
    MCP = "mcp"
    PLATFORM = "platform"

    def __str__(self) -> str:
        return str(self.value)
