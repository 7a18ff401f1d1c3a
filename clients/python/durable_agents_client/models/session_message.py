from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.session_message_role import SessionMessageRole
from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.session_message_tool_calls_item import SessionMessageToolCallsItem





T = TypeVar("T", bound="SessionMessage")



@_attrs_define
class SessionMessage:
    """ 
        Attributes:
            turn (float):
            generation_id (str):
            role (SessionMessageRole):
            content (None | str):
            created_at (str):
            tool_calls (list[SessionMessageToolCallsItem] | Unset):
            tool_call_id (str | Unset):
     """

    turn: float
    generation_id: str
    role: SessionMessageRole
    content: None | str
    created_at: str
    tool_calls: list[SessionMessageToolCallsItem] | Unset = UNSET
    tool_call_id: str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.session_message_tool_calls_item import SessionMessageToolCallsItem # noqa: PLC0415
        turn = self.turn

        generation_id = self.generation_id

        role = self.role.value

        content: None | str
        content = self.content

        created_at = self.created_at

        tool_calls: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.tool_calls, Unset):
            tool_calls = []
            for tool_calls_item_data in self.tool_calls:
                tool_calls_item = tool_calls_item_data.to_dict()
                tool_calls.append(tool_calls_item)



        tool_call_id = self.tool_call_id


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "turn": turn,
            "generationId": generation_id,
            "role": role,
            "content": content,
            "createdAt": created_at,
        })
        if tool_calls is not UNSET:
            field_dict["toolCalls"] = tool_calls
        if tool_call_id is not UNSET:
            field_dict["toolCallId"] = tool_call_id

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.session_message_tool_calls_item import SessionMessageToolCallsItem # noqa: PLC0415
        d = dict(src_dict)
        turn = d.pop("turn")

        generation_id = d.pop("generationId")

        role = SessionMessageRole(d.pop("role"))




        def _parse_content(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        content = _parse_content(d.pop("content"))


        created_at = d.pop("createdAt")

        _tool_calls = d.pop("toolCalls", UNSET)
        tool_calls: list[SessionMessageToolCallsItem] | Unset = UNSET
        if _tool_calls is not UNSET:
            tool_calls = []
            for tool_calls_item_data in _tool_calls:
                tool_calls_item = SessionMessageToolCallsItem.from_dict(tool_calls_item_data)



                tool_calls.append(tool_calls_item)


        tool_call_id = d.pop("toolCallId", UNSET)

        session_message = cls(
            turn=turn,
            generation_id=generation_id,
            role=role,
            content=content,
            created_at=created_at,
            tool_calls=tool_calls,
            tool_call_id=tool_call_id,
        )


        session_message.additional_properties = d
        return session_message

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
