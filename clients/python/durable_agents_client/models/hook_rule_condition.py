from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.hook_rule_condition_operator import HookRuleConditionOperator
from typing import cast






T = TypeVar("T", bound="HookRuleCondition")



@_attrs_define
class HookRuleCondition:
    """ 
        Attributes:
            path (str):
            operator (HookRuleConditionOperator):
            value (bool | float | list[bool | float | str] | str):
     """

    path: str
    operator: HookRuleConditionOperator
    value: bool | float | list[bool | float | str] | str





    def to_dict(self) -> dict[str, Any]:
        path = self.path

        operator = self.operator.value

        value: bool | float | list[bool | float | str] | str
        if isinstance(self.value, list):
            value = []
            for value_type_3_item_data in self.value:
                value_type_3_item: bool | float | str
                value_type_3_item = value_type_3_item_data
                value.append(value_type_3_item)


        else:
            value = self.value


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "path": path,
            "operator": operator,
            "value": value,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        path = d.pop("path")

        operator = HookRuleConditionOperator(d.pop("operator"))




        def _parse_value(data: object) -> bool | float | list[bool | float | str] | str:
            try:
                if not isinstance(data, list):
                    raise TypeError()
                value_type_3 = []
                _value_type_3 = data
                for value_type_3_item_data in (_value_type_3):
                    def _parse_value_type_3_item(data: object) -> bool | float | str:
                        return cast(bool | float | str, data)

                    value_type_3_item = _parse_value_type_3_item(value_type_3_item_data)

                    value_type_3.append(value_type_3_item)

                return value_type_3
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(bool | float | list[bool | float | str] | str, data)

        value = _parse_value(d.pop("value"))


        hook_rule_condition = cls(
            path=path,
            operator=operator,
            value=value,
        )

        return hook_rule_condition

