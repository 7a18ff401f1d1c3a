from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.stop_condition_type import StopConditionType






T = TypeVar("T", bound="StopCondition")



@_attrs_define
class StopCondition:
    """ 
        Attributes:
            type_ (StopConditionType):
            tool_name (str):  Example: lookup_order.
     """

    type_: StopConditionType
    tool_name: str





    def to_dict(self) -> dict[str, Any]:
        type_ = self.type_.value

        tool_name = self.tool_name


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "type": type_,
            "toolName": tool_name,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        type_ = StopConditionType(d.pop("type"))




        tool_name = d.pop("toolName")

        stop_condition = cls(
            type_=type_,
            tool_name=tool_name,
        )

        return stop_condition

