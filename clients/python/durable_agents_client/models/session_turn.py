from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.session_turn_status import SessionTurnStatus
from ..models.session_turn_stop_reason_type_0 import SessionTurnStopReasonType0
from typing import cast

if TYPE_CHECKING:
  from ..models.session_turn_usage import SessionTurnUsage





T = TypeVar("T", bound="SessionTurn")



@_attrs_define
class SessionTurn:
    """ 
        Attributes:
            turn (float):
            generation_id (str):
            status (SessionTurnStatus):
            stop_reason (None | SessionTurnStopReasonType0):
            prompt (None | str): The user input of the turn
            text (None | str):
            usage (SessionTurnUsage):
            created_at (str):
            completed_at (None | str):
     """

    turn: float
    generation_id: str
    status: SessionTurnStatus
    stop_reason: None | SessionTurnStopReasonType0
    prompt: None | str
    text: None | str
    usage: SessionTurnUsage
    created_at: str
    completed_at: None | str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.session_turn_usage import SessionTurnUsage # noqa: PLC0415
        turn = self.turn

        generation_id = self.generation_id

        status = self.status.value

        stop_reason: None | str
        if isinstance(self.stop_reason, SessionTurnStopReasonType0):
            stop_reason = self.stop_reason.value
        else:
            stop_reason = self.stop_reason

        prompt: None | str
        prompt = self.prompt

        text: None | str
        text = self.text

        usage = self.usage.to_dict()

        created_at = self.created_at

        completed_at: None | str
        completed_at = self.completed_at


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "turn": turn,
            "generationId": generation_id,
            "status": status,
            "stopReason": stop_reason,
            "prompt": prompt,
            "text": text,
            "usage": usage,
            "createdAt": created_at,
            "completedAt": completed_at,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.session_turn_usage import SessionTurnUsage # noqa: PLC0415
        d = dict(src_dict)
        turn = d.pop("turn")

        generation_id = d.pop("generationId")

        status = SessionTurnStatus(d.pop("status"))




        def _parse_stop_reason(data: object) -> None | SessionTurnStopReasonType0:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                stop_reason_type_0 = SessionTurnStopReasonType0(data)



                return stop_reason_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | SessionTurnStopReasonType0, data)

        stop_reason = _parse_stop_reason(d.pop("stopReason"))


        def _parse_prompt(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        prompt = _parse_prompt(d.pop("prompt"))


        def _parse_text(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        text = _parse_text(d.pop("text"))


        usage = SessionTurnUsage.from_dict(d.pop("usage"))




        created_at = d.pop("createdAt")

        def _parse_completed_at(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        completed_at = _parse_completed_at(d.pop("completedAt"))


        session_turn = cls(
            turn=turn,
            generation_id=generation_id,
            status=status,
            stop_reason=stop_reason,
            prompt=prompt,
            text=text,
            usage=usage,
            created_at=created_at,
            completed_at=completed_at,
        )


        session_turn.additional_properties = d
        return session_turn

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
