from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.long_term_memory_object import LongTermMemoryObject
from typing import cast






T = TypeVar("T", bound="LongTermMemory")



@_attrs_define
class LongTermMemory:
    """ 
        Attributes:
            id (str):
            object_ (LongTermMemoryObject):
            project_id (str):
            agent_id (str):
            end_user_id (str):
            content (str):
            generation_id (None | str): The generation whose memory_save wrote it
            created_at (str):
            updated_at (str):
     """

    id: str
    object_: LongTermMemoryObject
    project_id: str
    agent_id: str
    end_user_id: str
    content: str
    generation_id: None | str
    created_at: str
    updated_at: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        id = self.id

        object_ = self.object_.value

        project_id = self.project_id

        agent_id = self.agent_id

        end_user_id = self.end_user_id

        content = self.content

        generation_id: None | str
        generation_id = self.generation_id

        created_at = self.created_at

        updated_at = self.updated_at


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "id": id,
            "object": object_,
            "projectId": project_id,
            "agentId": agent_id,
            "endUserId": end_user_id,
            "content": content,
            "generationId": generation_id,
            "createdAt": created_at,
            "updatedAt": updated_at,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        id = d.pop("id")

        object_ = LongTermMemoryObject(d.pop("object"))




        project_id = d.pop("projectId")

        agent_id = d.pop("agentId")

        end_user_id = d.pop("endUserId")

        content = d.pop("content")

        def _parse_generation_id(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        generation_id = _parse_generation_id(d.pop("generationId"))


        created_at = d.pop("createdAt")

        updated_at = d.pop("updatedAt")

        long_term_memory = cls(
            id=id,
            object_=object_,
            project_id=project_id,
            agent_id=agent_id,
            end_user_id=end_user_id,
            content=content,
            generation_id=generation_id,
            created_at=created_at,
            updated_at=updated_at,
        )


        long_term_memory.additional_properties = d
        return long_term_memory

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
