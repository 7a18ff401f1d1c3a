from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.schedule_summary_object import ScheduleSummaryObject
from typing import cast

if TYPE_CHECKING:
  from ..models.scheduled_generate_request import ScheduledGenerateRequest





T = TypeVar("T", bound="ScheduleSummary")



@_attrs_define
class ScheduleSummary:
    """ 
        Attributes:
            id (str):
            object_ (ScheduleSummaryObject):
            project_id (str):
            agent_id (str):
            request (ScheduledGenerateRequest):
            temporal_schedule_id (str):
            created_at (str):
            updated_at (str):
     """

    id: str
    object_: ScheduleSummaryObject
    project_id: str
    agent_id: str
    request: ScheduledGenerateRequest
    temporal_schedule_id: str
    created_at: str
    updated_at: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.scheduled_generate_request import ScheduledGenerateRequest # noqa: PLC0415
        id = self.id

        object_ = self.object_.value

        project_id = self.project_id

        agent_id = self.agent_id

        request = self.request.to_dict()

        temporal_schedule_id = self.temporal_schedule_id

        created_at = self.created_at

        updated_at = self.updated_at


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "id": id,
            "object": object_,
            "projectId": project_id,
            "agentId": agent_id,
            "request": request,
            "temporalScheduleId": temporal_schedule_id,
            "createdAt": created_at,
            "updatedAt": updated_at,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.scheduled_generate_request import ScheduledGenerateRequest # noqa: PLC0415
        d = dict(src_dict)
        id = d.pop("id")

        object_ = ScheduleSummaryObject(d.pop("object"))




        project_id = d.pop("projectId")

        agent_id = d.pop("agentId")

        request = ScheduledGenerateRequest.from_dict(d.pop("request"))




        temporal_schedule_id = d.pop("temporalScheduleId")

        created_at = d.pop("createdAt")

        updated_at = d.pop("updatedAt")

        schedule_summary = cls(
            id=id,
            object_=object_,
            project_id=project_id,
            agent_id=agent_id,
            request=request,
            temporal_schedule_id=temporal_schedule_id,
            created_at=created_at,
            updated_at=updated_at,
        )


        schedule_summary.additional_properties = d
        return schedule_summary

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
