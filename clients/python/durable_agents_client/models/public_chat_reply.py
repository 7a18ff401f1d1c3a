from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.public_chat_reply_status import PublicChatReplyStatus
from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.public_chat_reply_clarification import PublicChatReplyClarification
  from ..models.public_chat_reply_pending import PublicChatReplyPending





T = TypeVar("T", bound="PublicChatReply")



@_attrs_define
class PublicChatReply:
    """ 
        Attributes:
            status (PublicChatReplyStatus): `clarification`: the agent asks the visitor a question; `pending`: the turn
                waits for an operator approval (or a client tool) or is still running; `failed`: the agent could not answer.
            answer (None | str):
            trace (str): The reasoning of the turn, flattened to text (Thought / Action / Observation lines).
            tools_used (list[str]):
            session_id (None | str): The conversation this turn belongs to (conversational agents: send it with the next
                message); null for a stateless turn.
            clarification (PublicChatReplyClarification | Unset):
            pending (PublicChatReplyPending | Unset):
     """

    status: PublicChatReplyStatus
    answer: None | str
    trace: str
    tools_used: list[str]
    session_id: None | str
    clarification: PublicChatReplyClarification | Unset = UNSET
    pending: PublicChatReplyPending | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.public_chat_reply_clarification import PublicChatReplyClarification # noqa: PLC0415
        from ..models.public_chat_reply_pending import PublicChatReplyPending # noqa: PLC0415
        status = self.status.value

        answer: None | str
        answer = self.answer

        trace = self.trace

        tools_used = self.tools_used



        session_id: None | str
        session_id = self.session_id

        clarification: dict[str, Any] | Unset = UNSET
        if not isinstance(self.clarification, Unset):
            clarification = self.clarification.to_dict()

        pending: dict[str, Any] | Unset = UNSET
        if not isinstance(self.pending, Unset):
            pending = self.pending.to_dict()


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "status": status,
            "answer": answer,
            "trace": trace,
            "toolsUsed": tools_used,
            "sessionId": session_id,
        })
        if clarification is not UNSET:
            field_dict["clarification"] = clarification
        if pending is not UNSET:
            field_dict["pending"] = pending

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.public_chat_reply_clarification import PublicChatReplyClarification # noqa: PLC0415
        from ..models.public_chat_reply_pending import PublicChatReplyPending # noqa: PLC0415
        d = dict(src_dict)
        status = PublicChatReplyStatus(d.pop("status"))




        def _parse_answer(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        answer = _parse_answer(d.pop("answer"))


        trace = d.pop("trace")

        tools_used = cast(list[str], d.pop("toolsUsed"))


        def _parse_session_id(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        session_id = _parse_session_id(d.pop("sessionId"))


        _clarification = d.pop("clarification", UNSET)
        clarification: PublicChatReplyClarification | Unset
        if isinstance(_clarification,  Unset):
            clarification = UNSET
        else:
            clarification = PublicChatReplyClarification.from_dict(_clarification)




        _pending = d.pop("pending", UNSET)
        pending: PublicChatReplyPending | Unset
        if isinstance(_pending,  Unset):
            pending = UNSET
        else:
            pending = PublicChatReplyPending.from_dict(_pending)




        public_chat_reply = cls(
            status=status,
            answer=answer,
            trace=trace,
            tools_used=tools_used,
            session_id=session_id,
            clarification=clarification,
            pending=pending,
        )


        public_chat_reply.additional_properties = d
        return public_chat_reply

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
