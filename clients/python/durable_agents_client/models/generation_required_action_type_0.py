from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.generation_required_action_type_0_type import GenerationRequiredActionType0Type
from typing import cast

if TYPE_CHECKING:
  from ..models.generation_required_action_type_0_tool_calls_item import GenerationRequiredActionType0ToolCallsItem





T = TypeVar("T", bound="GenerationRequiredActionType0")



@_attrs_define
class GenerationRequiredActionType0:
    """ 
        Attributes:
            type_ (GenerationRequiredActionType0Type):
            tool_calls (list[GenerationRequiredActionType0ToolCallsItem]):
     """

    type_: GenerationRequiredActionType0Type
    tool_calls: list[GenerationRequiredActionType0ToolCallsItem]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.generation_required_action_type_0_tool_calls_item import GenerationRequiredActionType0ToolCallsItem # noqa: PLC0415
        type_ = self.type_.value

        tool_calls = []
        for tool_calls_item_data in self.tool_calls:
            tool_calls_item = tool_calls_item_data.to_dict()
            tool_calls.append(tool_calls_item)




        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "type": type_,
            "toolCalls": tool_calls,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.generation_required_action_type_0_tool_calls_item import GenerationRequiredActionType0ToolCallsItem # noqa: PLC0415
        d = dict(src_dict)
        type_ = GenerationRequiredActionType0Type(d.pop("type"))




        tool_calls = []
        _tool_calls = d.pop("toolCalls")
        for tool_calls_item_data in (_tool_calls):
            tool_calls_item = GenerationRequiredActionType0ToolCallsItem.from_dict(tool_calls_item_data)



            tool_calls.append(tool_calls_item)


        generation_required_action_type_0 = cls(
            type_=type_,
            tool_calls=tool_calls,
        )


        generation_required_action_type_0.additional_properties = d
        return generation_required_action_type_0

    @property
    def additional_keys(self) -> list[str]:
        return list(self.additional_properties.keys())

    def __getitem__(self, key: str) -> Any:
        return self.additional_properties[key]

    def __setitem__(self, key: str, value: Any) -> None:
        self.additional_properties[key] = value

    def __delitem__(self, key: str) -> None:
        del self.additional_properties[key]

    def __contains__(self, key: str) -> bool:
        return key in self.additional_properties
