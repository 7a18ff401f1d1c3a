from enum import StrEnum

class GenerationEventEvent(StrEnum):
    APPROVAL_REQUESTED = "approval_requested"
    APPROVAL_RESOLVED = "approval_resolved"
    CHUNK = "chunk"
    CLARIFICATION_REQUESTED = "clarification_requested"
    COMPACTION = "compaction"
    DONE = "done"
    ERROR = "error"
    REQUIRES_ACTION = "requires_action"
    RESET = "reset"
    START = "start"
    STEP_COMPLETED = "step_completed"
    STEP_STARTED = "step_started"
    TOOL_CALL = "tool_call"
    TOOL_RESULT = "tool_result"
    USER_MESSAGE = "user_message"

    def __str__(self) -> str:
        return str(self.value)
