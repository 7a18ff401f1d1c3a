from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.chat_message_type_3_role import ChatMessageType3Role






T = TypeVar("T", bound="ChatMessageType3")



@_attrs_define
class ChatMessageType3:
    """ 
        Attributes:
            role (ChatMessageType3Role):
            tool_call_id (str):
            content (str):
     """

    role: ChatMessageType3Role
    tool_call_id: str
    content: str





    def to_dict(self) -> dict[str, Any]:
        role = self.role.value

        tool_call_id = self.tool_call_id

        content = self.content


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "role": role,
            "toolCallId": tool_call_id,
            "content": content,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        role = ChatMessageType3Role(d.pop("role"))




        tool_call_id = d.pop("toolCallId")

        content = d.pop("content")

        chat_message_type_3 = cls(
            role=role,
            tool_call_id=tool_call_id,
            content=content,
        )

        return chat_message_type_3

