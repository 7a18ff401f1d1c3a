from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset







T = TypeVar("T", bound="ToolOutputsRequestToolOutputsItem")



@_attrs_define
class ToolOutputsRequestToolOutputsItem:
    """ 
        Attributes:
            tool_call_id (str):
            output (Any):
     """

    tool_call_id: str
    output: Any





    def to_dict(self) -> dict[str, Any]:
        tool_call_id = self.tool_call_id

        output = self.output


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "toolCallId": tool_call_id,
            "output": output,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        tool_call_id = d.pop("toolCallId")

        output = d.pop("output")

        tool_outputs_request_tool_outputs_item = cls(
            tool_call_id=tool_call_id,
            output=output,
        )

        return tool_outputs_request_tool_outputs_item

