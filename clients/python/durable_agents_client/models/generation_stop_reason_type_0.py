from enum import StrEnum

class GenerationStopReasonType0(StrEnum):
    CANCELLED = "cancelled"
    DONE_TOOL = "done_tool"
    DOOM_LOOP = "doom_loop"
    ERROR = "error"
    FINAL_ANSWER = "final_answer"
    GUARDRAIL_BLOCKED = "guardrail_blocked"
    HOOK_BLOCKED = "hook_blocked"
    INTERRUPTED = "interrupted"
    MAX_STEPS = "max_steps"
    ROLLED_BACK = "rolled_back"
    STOP_CONDITION = "stop_condition"

    def __str__(self) -> str:
        return str(self.value)
