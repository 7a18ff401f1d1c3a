from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset







T = TypeVar("T", bound="GenerationRequiredActionType1ApprovalsItem")



@_attrs_define
class GenerationRequiredActionType1ApprovalsItem:
    """ 
        Attributes:
            approval_id (str):
            tool_call_id (str):
            tool_name (str):
            arguments (Any):
            expires_at (str):
     """

    approval_id: str
    tool_call_id: str
    tool_name: str
    arguments: Any
    expires_at: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        approval_id = self.approval_id

        tool_call_id = self.tool_call_id

        tool_name = self.tool_name

        arguments = self.arguments

        expires_at = self.expires_at


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "approvalId": approval_id,
            "toolCallId": tool_call_id,
            "toolName": tool_name,
            "arguments": arguments,
            "expiresAt": expires_at,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        approval_id = d.pop("approvalId")

        tool_call_id = d.pop("toolCallId")

        tool_name = d.pop("toolName")

        arguments = d.pop("arguments")

        expires_at = d.pop("expiresAt")

        generation_required_action_type_1_approvals_item = cls(
            approval_id=approval_id,
            tool_call_id=tool_call_id,
            tool_name=tool_name,
            arguments=arguments,
            expires_at=expires_at,
        )


        generation_required_action_type_1_approvals_item.additional_properties = d
        return generation_required_action_type_1_approvals_item

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
