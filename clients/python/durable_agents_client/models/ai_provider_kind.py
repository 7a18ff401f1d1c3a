from enum import StrEnum

class AiProviderKind(StrEnum):
    AZURE_OPENAI = "azure_openai"
    OPENAI = "openai"
    OPENAI_COMPATIBLE = "openai_compatible"

    def __str__(self) -> str:
        return str(self.value)
