from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.rule_hook_config_decision import RuleHookConfigDecision
from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.hook_rule_condition import HookRuleCondition





T = TypeVar("T", bound="RuleHookConfig")



@_attrs_define
class RuleHookConfig:
    """ 
        Attributes:
            conditions (list[HookRuleCondition]): All conditions must hold for the rule to match. A MATCHES value is a
                regular expression: RE2 syntax (no backreferences or lookaround), at most 1000 RE2 instructions for each pattern
                and for all the patterns of one list together (a literal character is about one, a counted repetition
                multiplies); a pattern that breaks these rules is refused with 422.
            decision (RuleHookConfigDecision): `deny` blocks matching calls. `allow` is refused (422 `not_implemented`):
                rules have no order yet.
            reason (str | Unset):
     """

    conditions: list[HookRuleCondition]
    decision: RuleHookConfigDecision
    reason: str | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        from ..models.hook_rule_condition import HookRuleCondition # noqa: PLC0415
        conditions = []
        for conditions_item_data in self.conditions:
            conditions_item = conditions_item_data.to_dict()
            conditions.append(conditions_item)



        decision = self.decision.value

        reason = self.reason


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "conditions": conditions,
            "decision": decision,
        })
        if reason is not UNSET:
            field_dict["reason"] = reason

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.hook_rule_condition import HookRuleCondition # noqa: PLC0415
        d = dict(src_dict)
        conditions = []
        _conditions = d.pop("conditions")
        for conditions_item_data in (_conditions):
            conditions_item = HookRuleCondition.from_dict(conditions_item_data)



            conditions.append(conditions_item)


        decision = RuleHookConfigDecision(d.pop("decision"))




        reason = d.pop("reason", UNSET)

        rule_hook_config = cls(
            conditions=conditions,
            decision=decision,
            reason=reason,
        )

        return rule_hook_config

