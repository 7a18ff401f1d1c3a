from enum import StrEnum

class WebhookEventsItem(StrEnum):
    APPROVAL_REMINDER = "approval.reminder"
    GENERATION_COMPLETED = "generation.completed"
    GENERATION_FAILED = "generation.failed"
    GENERATION_REQUIRES_ACTION = "generation.requires_action"
    SCHEDULE_PAUSED = "schedule.paused"

    def __str__(self) -> str:
        return str(self.value)
