from enum import StrEnum

class GenerationStepType(StrEnum):
    ACT = "act"
    ANSWER = "answer"
    APPROVAL = "approval"
    COMPACTION = "compaction"
    DISCOVERY = "discovery"
    HOOK = "hook"
    MODEL_CALL = "model_call"
    OBSERVE = "observe"
    THINK = "think"
    USER_MESSAGE = "user_message"

    def __str__(self) -> str:
        return str(self.value)
