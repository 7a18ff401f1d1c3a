from enum import StrEnum

class HookRuleConditionOperator(StrEnum):
    CONTAINS = "CONTAINS"
    IN = "IN"
    MATCHES = "MATCHES"
    STARTS_WITH = "STARTS_WITH"

    def __str__(self) -> str:
        return str(self.value)
