from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast

if TYPE_CHECKING:
  from ..models.schedule_refusal import ScheduleRefusal





T = TypeVar("T", bound="ScheduleRun")



@_attrs_define
class ScheduleRun:
    """ 
        Attributes:
            scheduled_at (str):
            started_at (str):
            workflow_id (str): The run's workflow (it creates the generation and waits for it)
            generation_id (None | str): null until the run has stored its generation
            refusal (None | ScheduleRefusal): Set when the run was refused for its key: it stored nothing
     """

    scheduled_at: str
    started_at: str
    workflow_id: str
    generation_id: None | str
    refusal: None | ScheduleRefusal
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.schedule_refusal import ScheduleRefusal # noqa: PLC0415
        scheduled_at = self.scheduled_at

        started_at = self.started_at

        workflow_id = self.workflow_id

        generation_id: None | str
        generation_id = self.generation_id

        refusal: dict[str, Any] | None
        if isinstance(self.refusal, ScheduleRefusal):
            refusal = self.refusal.to_dict()
        else:
            refusal = self.refusal


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "scheduledAt": scheduled_at,
            "startedAt": started_at,
            "workflowId": workflow_id,
            "generationId": generation_id,
            "refusal": refusal,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.schedule_refusal import ScheduleRefusal # noqa: PLC0415
        d = dict(src_dict)
        scheduled_at = d.pop("scheduledAt")

        started_at = d.pop("startedAt")

        workflow_id = d.pop("workflowId")

        def _parse_generation_id(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        generation_id = _parse_generation_id(d.pop("generationId"))


        def _parse_refusal(data: object) -> None | ScheduleRefusal:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                refusal_type_0 = ScheduleRefusal.from_dict(data)



                return refusal_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | ScheduleRefusal, data)

        refusal = _parse_refusal(d.pop("refusal"))


        schedule_run = cls(
            scheduled_at=scheduled_at,
            started_at=started_at,
            workflow_id=workflow_id,
            generation_id=generation_id,
            refusal=refusal,
        )


        schedule_run.additional_properties = d
        return schedule_run

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
