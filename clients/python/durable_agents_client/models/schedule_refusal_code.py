from enum import StrEnum

class ScheduleRefusalCode(StrEnum):
    PRINCIPAL_MISSING = "principal_missing"
    PRINCIPAL_NOT_ALLOWED = "principal_not_allowed"
    PRINCIPAL_REVOKED = "principal_revoked"

    def __str__(self) -> str:
        return str(self.value)
