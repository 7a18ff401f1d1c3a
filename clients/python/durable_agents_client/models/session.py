from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.session_object import SessionObject
from typing import cast






T = TypeVar("T", bound="Session")



@_attrs_define
class Session:
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
     """

    id: str
    object_: SessionObject
    project_id: str
    agent_id: str
    session_key: None | str
    turn_count: float
    created_at: str
    updated_at: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        id = self.id

        object_ = self.object_.value

        project_id = self.project_id

        agent_id = self.agent_id

        session_key: None | str
        session_key = self.session_key

        turn_count = self.turn_count

        created_at = self.created_at

        updated_at = self.updated_at


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
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
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

        session = cls(
            id=id,
            object_=object_,
            project_id=project_id,
            agent_id=agent_id,
            session_key=session_key,
            turn_count=turn_count,
            created_at=created_at,
            updated_at=updated_at,
        )


        session.additional_properties = d
        return session

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
