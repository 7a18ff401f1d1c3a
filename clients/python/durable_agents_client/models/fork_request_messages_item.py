from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset







T = TypeVar("T", bound="ForkRequestMessagesItem")



@_attrs_define
class ForkRequestMessagesItem:
    """ 
        Attributes:
            index (int): 0-based position in the kept conversation (initial messages first); must be a system or user
                message.
            content (str): The replacement content.
     """

    index: int
    content: str





    def to_dict(self) -> dict[str, Any]:
        index = self.index

        content = self.content


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "index": index,
            "content": content,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        index = d.pop("index")

        content = d.pop("content")

        fork_request_messages_item = cls(
            index=index,
            content=content,
        )

        return fork_request_messages_item

