from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.fork_request_append_messages_item import ForkRequestAppendMessagesItem
  from ..models.fork_request_messages_item import ForkRequestMessagesItem





T = TypeVar("T", bound="ForkRequest")



@_attrs_define
class ForkRequest:
    """ 
        Example:
            {'fromStep': 3, 'messages': [{'index': 1, 'content': 'Book the flight for Tuesday instead.'}]}

        Attributes:
            from_step (int): The last step of the origin the fork replays (its recorded model replies and tool results,
                nothing called again); the fork runs live from fromStep + 1. 0 keeps only the initial messages.
            messages (list[ForkRequestMessagesItem] | Unset): Edits of kept system or user messages (422 for an index beyond
                the kept conversation or of another role).
            append_messages (list[ForkRequestAppendMessagesItem] | Unset): User messages added after the kept conversation,
                before the first live step.
     """

    from_step: int
    messages: list[ForkRequestMessagesItem] | Unset = UNSET
    append_messages: list[ForkRequestAppendMessagesItem] | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        from ..models.fork_request_append_messages_item import ForkRequestAppendMessagesItem # noqa: PLC0415
        from ..models.fork_request_messages_item import ForkRequestMessagesItem # noqa: PLC0415
        from_step = self.from_step

        messages: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.messages, Unset):
            messages = []
            for messages_item_data in self.messages:
                messages_item = messages_item_data.to_dict()
                messages.append(messages_item)



        append_messages: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.append_messages, Unset):
            append_messages = []
            for append_messages_item_data in self.append_messages:
                append_messages_item = append_messages_item_data.to_dict()
                append_messages.append(append_messages_item)




        field_dict: dict[str, Any] = {}

        field_dict.update({
            "fromStep": from_step,
        })
        if messages is not UNSET:
            field_dict["messages"] = messages
        if append_messages is not UNSET:
            field_dict["appendMessages"] = append_messages

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.fork_request_append_messages_item import ForkRequestAppendMessagesItem # noqa: PLC0415
        from ..models.fork_request_messages_item import ForkRequestMessagesItem # noqa: PLC0415
        d = dict(src_dict)
        from_step = d.pop("fromStep")

        _messages = d.pop("messages", UNSET)
        messages: list[ForkRequestMessagesItem] | Unset = UNSET
        if _messages is not UNSET:
            messages = []
            for messages_item_data in _messages:
                messages_item = ForkRequestMessagesItem.from_dict(messages_item_data)



                messages.append(messages_item)


        _append_messages = d.pop("appendMessages", UNSET)
        append_messages: list[ForkRequestAppendMessagesItem] | Unset = UNSET
        if _append_messages is not UNSET:
            append_messages = []
            for append_messages_item_data in _append_messages:
                append_messages_item = ForkRequestAppendMessagesItem.from_dict(append_messages_item_data)



                append_messages.append(append_messages_item)


        fork_request = cls(
            from_step=from_step,
            messages=messages,
            append_messages=append_messages,
        )

        return fork_request

