from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.agent_tool_choice_type_1_type import AgentToolChoiceType1Type






T = TypeVar("T", bound="AgentToolChoiceType1")



@_attrs_define
class AgentToolChoiceType1:
    """ 
        Attributes:
            type_ (AgentToolChoiceType1Type):
            tool_name (str):  Example: lookup_order.
     """

    type_: AgentToolChoiceType1Type
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
        type_ = AgentToolChoiceType1Type(d.pop("type"))




        tool_name = d.pop("toolName")

        agent_tool_choice_type_1 = cls(
            type_=type_,
            tool_name=tool_name,
        )

        return agent_tool_choice_type_1

