from enum import StrEnum

class ReplaceHookType0Event(StrEnum):
    ONRUNCOMPLETE = "OnRunComplete"
    ONRUNSTART = "OnRunStart"
    POSTTOOLUSE = "PostToolUse"
    PRERESPONSE = "PreResponse"
    PRETOOLUSE = "PreToolUse"

    def __str__(self) -> str:
        return str(self.value)
