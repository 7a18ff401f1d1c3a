from enum import StrEnum

class CreateAiProviderKind(StrEnum):
    AZURE_OPENAI = "azure_openai"
    OPENAI = "openai"
    OPENAI_COMPATIBLE = "openai_compatible"

    def __str__(self) -> str:
        return str(self.value)
