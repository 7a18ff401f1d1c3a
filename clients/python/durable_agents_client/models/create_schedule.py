from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.create_schedule_overlap import CreateScheduleOverlap
from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.schedule_spec import ScheduleSpec
  from ..models.scheduled_generate_request import ScheduledGenerateRequest





T = TypeVar("T", bound="CreateSchedule")



@_attrs_define
class CreateSchedule:
    """ 
        Attributes:
            agent_id (str):  Example: agt_4kT9xQ2mZ8wR.
            request (ScheduledGenerateRequest):
            spec (ScheduleSpec):
            overlap (CreateScheduleOverlap | Unset): When a run is due while the previous one is still running: skip it,
                buffer one to run after, cancel the running one, or run both Default: CreateScheduleOverlap.SKIP.
            note (str | Unset):
            paused (bool | Unset): Create the schedule paused (resume it to start running) Default: False.
     """

    agent_id: str
    request: ScheduledGenerateRequest
    spec: ScheduleSpec
    overlap: CreateScheduleOverlap | Unset = CreateScheduleOverlap.SKIP
    note: str | Unset = UNSET
    paused: bool | Unset = False





    def to_dict(self) -> dict[str, Any]:
        from ..models.schedule_spec import ScheduleSpec # noqa: PLC0415
        from ..models.scheduled_generate_request import ScheduledGenerateRequest # noqa: PLC0415
        agent_id = self.agent_id

        request = self.request.to_dict()

        spec = self.spec.to_dict()

        overlap: str | Unset = UNSET
        if not isinstance(self.overlap, Unset):
            overlap = self.overlap.value


        note = self.note

        paused = self.paused


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "agentId": agent_id,
            "request": request,
            "spec": spec,
        })
        if overlap is not UNSET:
            field_dict["overlap"] = overlap
        if note is not UNSET:
            field_dict["note"] = note
        if paused is not UNSET:
            field_dict["paused"] = paused

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.schedule_spec import ScheduleSpec # noqa: PLC0415
        from ..models.scheduled_generate_request import ScheduledGenerateRequest # noqa: PLC0415
        d = dict(src_dict)
        agent_id = d.pop("agentId")

        request = ScheduledGenerateRequest.from_dict(d.pop("request"))




        spec = ScheduleSpec.from_dict(d.pop("spec"))




        _overlap = d.pop("overlap", UNSET)
        overlap: CreateScheduleOverlap | Unset
        if isinstance(_overlap,  Unset):
            overlap = UNSET
        else:
            overlap = CreateScheduleOverlap(_overlap)




        note = d.pop("note", UNSET)

        paused = d.pop("paused", UNSET)

        create_schedule = cls(
            agent_id=agent_id,
            request=request,
            spec=spec,
            overlap=overlap,
            note=note,
            paused=paused,
        )

        return create_schedule

