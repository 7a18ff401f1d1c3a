from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset






T = TypeVar("T", bound="PublicChatRequest")



@_attrs_define
class PublicChatRequest:
    """ 
        Attributes:
            query (str):
            session_id (str | Unset): Continues a conversation of a conversational agent (the `sessionId` of an earlier
                reply): the model sees the earlier turns, and a pending clarification question is answered by this query. Only
                sessions opened through this agent's public chat with its current key: any other id is 404. 422 for an agent
                that is not conversational. Example: ses_4kT9xQ2mZ8wR.
            stream (bool | Unset): Answer as server-sent events (also with Accept: text/event-stream). Default: False.
     """

    query: str
    session_id: str | Unset = UNSET
    stream: bool | Unset = False





    def to_dict(self) -> dict[str, Any]:
        query = self.query

        session_id = self.session_id

        stream = self.stream


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "query": query,
        })
        if session_id is not UNSET:
            field_dict["sessionId"] = session_id
        if stream is not UNSET:
            field_dict["stream"] = stream

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        query = d.pop("query")

        session_id = d.pop("sessionId", UNSET)

        stream = d.pop("stream", UNSET)

        public_chat_request = cls(
            query=query,
            session_id=session_id,
            stream=stream,
        )

        return public_chat_request

