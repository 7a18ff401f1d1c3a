from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.session_object import SessionObject
from typing import cast

if TYPE_CHECKING:
  from ..models.session_detail_usage import SessionDetailUsage
  from ..models.session_turn import SessionTurn





T = TypeVar("T", bound="SessionDetail")



@_attrs_define
class SessionDetail:
    """ 
        Attributes:
            id (str):
            object_ (SessionObject):
            project_id (str):
            agent_id (str):
            session_key (None | str): The caller's own id of the conversation (generate's sessionKey)
            turn_count (float): Turns started or queued so far
            created_at (str):
            updated_at (str):
            turns (list[SessionTurn]):
            usage (SessionDetailUsage): Totals over every turn
            active_generation_id (None | str): The turn running or paused now, if any
     """

    id: str
    object_: SessionObject
    project_id: str
    agent_id: str
    session_key: None | str
    turn_count: float
    created_at: str
    updated_at: str
    turns: list[SessionTurn]
    usage: SessionDetailUsage
    active_generation_id: None | str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.session_detail_usage import SessionDetailUsage # noqa: PLC0415
        from ..models.session_turn import SessionTurn # noqa: PLC0415
        id = self.id

        object_ = self.object_.value

        project_id = self.project_id

        agent_id = self.agent_id

        session_key: None | str
        session_key = self.session_key

        turn_count = self.turn_count

        created_at = self.created_at

        updated_at = self.updated_at

        turns = []
        for turns_item_data in self.turns:
            turns_item = turns_item_data.to_dict()
            turns.append(turns_item)



        usage = self.usage.to_dict()

        active_generation_id: None | str
        active_generation_id = self.active_generation_id


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "id": id,
            "object": object_,
            "projectId": project_id,
            "agentId": agent_id,
            "sessionKey": session_key,
            "turnCount": turn_count,
            "createdAt": created_at,
            "updatedAt": updated_at,
            "turns": turns,
            "usage": usage,
            "activeGenerationId": active_generation_id,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.session_detail_usage import SessionDetailUsage # noqa: PLC0415
        from ..models.session_turn import SessionTurn # noqa: PLC0415
        d = dict(src_dict)
        id = d.pop("id")

        object_ = SessionObject(d.pop("object"))




        project_id = d.pop("projectId")

        agent_id = d.pop("agentId")

        def _parse_session_key(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        session_key = _parse_session_key(d.pop("sessionKey"))


        turn_count = d.pop("turnCount")

        created_at = d.pop("createdAt")

        updated_at = d.pop("updatedAt")

        turns = []
        _turns = d.pop("turns")
        for turns_item_data in (_turns):
            turns_item = SessionTurn.from_dict(turns_item_data)



            turns.append(turns_item)


        usage = SessionDetailUsage.from_dict(d.pop("usage"))




        def _parse_active_generation_id(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        active_generation_id = _parse_active_generation_id(d.pop("activeGenerationId"))


        session_detail = cls(
            id=id,
            object_=object_,
            project_id=project_id,
            agent_id=agent_id,
            session_key=session_key,
            turn_count=turn_count,
            created_at=created_at,
            updated_at=updated_at,
            turns=turns,
            usage=usage,
            active_generation_id=active_generation_id,
        )


        session_detail.additional_properties = d
        return session_detail

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
