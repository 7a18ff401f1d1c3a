from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset






T = TypeVar("T", bound="SteeringMessageRequest")



@_attrs_define
class SteeringMessageRequest:
    """ 
        Example:
            {'content': 'Use the EU warehouse instead.', 'clientMessageId': 'c-1'}

        Attributes:
            content (str): The user message the next model call reads.
            client_message_id (str | Unset): Makes the request idempotent: the same id again answers with the message it
                stored (one message); with other content it is a 422.
     """

    content: str
    client_message_id: str | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        content = self.content

        client_message_id = self.client_message_id


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "content": content,
        })
        if client_message_id is not UNSET:
            field_dict["clientMessageId"] = client_message_id

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        content = d.pop("content")

        client_message_id = d.pop("clientMessageId", UNSET)

        steering_message_request = cls(
            content=content,
            client_message_id=client_message_id,
        )

        return steering_message_request

