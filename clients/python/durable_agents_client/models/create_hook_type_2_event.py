from enum import StrEnum

class CreateHookType2Event(StrEnum):
    ONRUNCOMPLETE = "OnRunComplete"
    ONRUNSTART = "OnRunStart"
    POSTTOOLUSE = "PostToolUse"
    PRERESPONSE = "PreResponse"
    PRETOOLUSE = "PreToolUse"

    def __str__(self) -> str:
        return str(self.value)
