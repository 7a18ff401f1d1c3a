from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.chat_message_type_0_role import ChatMessageType0Role






T = TypeVar("T", bound="ChatMessageType0")



@_attrs_define
class ChatMessageType0:
    """ 
        Attributes:
            role (ChatMessageType0Role):
            content (str):
     """

    role: ChatMessageType0Role
    content: str





    def to_dict(self) -> dict[str, Any]:
        role = self.role.value

        content = self.content


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "role": role,
            "content": content,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        role = ChatMessageType0Role(d.pop("role"))




        content = d.pop("content")

        chat_message_type_0 = cls(
            role=role,
            content=content,
        )

        return chat_message_type_0

