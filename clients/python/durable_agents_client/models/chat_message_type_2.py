from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.chat_message_type_2_role import ChatMessageType2Role
from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.chat_tool_call import ChatToolCall





T = TypeVar("T", bound="ChatMessageType2")



@_attrs_define
class ChatMessageType2:
    """ 
        Attributes:
            role (ChatMessageType2Role):
            content (None | str | Unset):
            tool_calls (list[ChatToolCall] | Unset):
     """

    role: ChatMessageType2Role
    content: None | str | Unset = UNSET
    tool_calls: list[ChatToolCall] | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        from ..models.chat_tool_call import ChatToolCall # noqa: PLC0415
        role = self.role.value

        content: None | str | Unset
        if isinstance(self.content, Unset):
            content = UNSET
        else:
            content = self.content

        tool_calls: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.tool_calls, Unset):
            tool_calls = []
            for tool_calls_item_data in self.tool_calls:
                tool_calls_item = tool_calls_item_data.to_dict()
                tool_calls.append(tool_calls_item)




        field_dict: dict[str, Any] = {}

        field_dict.update({
            "role": role,
        })
        if content is not UNSET:
            field_dict["content"] = content
        if tool_calls is not UNSET:
            field_dict["toolCalls"] = tool_calls

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.chat_tool_call import ChatToolCall # noqa: PLC0415
        d = dict(src_dict)
        role = ChatMessageType2Role(d.pop("role"))




        def _parse_content(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        content = _parse_content(d.pop("content", UNSET))


        _tool_calls = d.pop("toolCalls", UNSET)
        tool_calls: list[ChatToolCall] | Unset = UNSET
        if _tool_calls is not UNSET:
            tool_calls = []
            for tool_calls_item_data in _tool_calls:
                tool_calls_item = ChatToolCall.from_dict(tool_calls_item_data)



                tool_calls.append(tool_calls_item)


        chat_message_type_2 = cls(
            role=role,
            content=content,
            tool_calls=tool_calls,
        )

        return chat_message_type_2

