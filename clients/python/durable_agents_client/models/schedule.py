from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.schedule_object import ScheduleObject
from ..models.schedule_overlap import ScheduleOverlap
from typing import cast

if TYPE_CHECKING:
  from ..models.schedule_refusal import ScheduleRefusal
  from ..models.schedule_run import ScheduleRun
  from ..models.schedule_spec_view import ScheduleSpecView
  from ..models.scheduled_generate_request import ScheduledGenerateRequest





T = TypeVar("T", bound="Schedule")



@_attrs_define
class Schedule:
    """ 
        Attributes:
            id (str):
            object_ (ScheduleObject):
            project_id (str):
            agent_id (str):
            request (ScheduledGenerateRequest):
            acts_for_key_id (None | str): The API key every run acts for: the one that last set `request`, checked when each
                run starts
            refusal (None | ScheduleRefusal): The last refusal for the key (the schedule paused itself); cleared when
                `request` is set again
            spec (ScheduleSpecView):
            overlap (ScheduleOverlap): When a run is due while the previous one is still running: skip it, buffer one to run
                after, cancel the running one, or run both
            note (None | str):
            paused (bool):
            next_run_times (list[str]): Up to 10 upcoming times (empty while paused)
            recent_runs (list[ScheduleRun]): The latest runs Temporal keeps (up to 10), oldest first
            temporal_schedule_id (str):
            created_at (str):
            updated_at (str):
     """

    id: str
    object_: ScheduleObject
    project_id: str
    agent_id: str
    request: ScheduledGenerateRequest
    acts_for_key_id: None | str
    refusal: None | ScheduleRefusal
    spec: ScheduleSpecView
    overlap: ScheduleOverlap
    note: None | str
    paused: bool
    next_run_times: list[str]
    recent_runs: list[ScheduleRun]
    temporal_schedule_id: str
    created_at: str
    updated_at: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.schedule_refusal import ScheduleRefusal # noqa: PLC0415
        from ..models.schedule_run import ScheduleRun # noqa: PLC0415
        from ..models.schedule_spec_view import ScheduleSpecView # noqa: PLC0415
        from ..models.scheduled_generate_request import ScheduledGenerateRequest # noqa: PLC0415
        id = self.id

        object_ = self.object_.value

        project_id = self.project_id

        agent_id = self.agent_id

        request = self.request.to_dict()

        acts_for_key_id: None | str
        acts_for_key_id = self.acts_for_key_id

        refusal: dict[str, Any] | None
        if isinstance(self.refusal, ScheduleRefusal):
            refusal = self.refusal.to_dict()
        else:
            refusal = self.refusal

        spec = self.spec.to_dict()

        overlap = self.overlap.value

        note: None | str
        note = self.note

        paused = self.paused

        next_run_times = self.next_run_times



        recent_runs = []
        for recent_runs_item_data in self.recent_runs:
            recent_runs_item = recent_runs_item_data.to_dict()
            recent_runs.append(recent_runs_item)



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
            "actsForKeyId": acts_for_key_id,
            "refusal": refusal,
            "spec": spec,
            "overlap": overlap,
            "note": note,
            "paused": paused,
            "nextRunTimes": next_run_times,
            "recentRuns": recent_runs,
            "temporalScheduleId": temporal_schedule_id,
            "createdAt": created_at,
            "updatedAt": updated_at,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.schedule_refusal import ScheduleRefusal # noqa: PLC0415
        from ..models.schedule_run import ScheduleRun # noqa: PLC0415
        from ..models.schedule_spec_view import ScheduleSpecView # noqa: PLC0415
        from ..models.scheduled_generate_request import ScheduledGenerateRequest # noqa: PLC0415
        d = dict(src_dict)
        id = d.pop("id")

        object_ = ScheduleObject(d.pop("object"))




        project_id = d.pop("projectId")

        agent_id = d.pop("agentId")

        request = ScheduledGenerateRequest.from_dict(d.pop("request"))




        def _parse_acts_for_key_id(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        acts_for_key_id = _parse_acts_for_key_id(d.pop("actsForKeyId"))


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


        spec = ScheduleSpecView.from_dict(d.pop("spec"))




        overlap = ScheduleOverlap(d.pop("overlap"))




        def _parse_note(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        note = _parse_note(d.pop("note"))


        paused = d.pop("paused")

        next_run_times = cast(list[str], d.pop("nextRunTimes"))


        recent_runs = []
        _recent_runs = d.pop("recentRuns")
        for recent_runs_item_data in (_recent_runs):
            recent_runs_item = ScheduleRun.from_dict(recent_runs_item_data)



            recent_runs.append(recent_runs_item)


        temporal_schedule_id = d.pop("temporalScheduleId")

        created_at = d.pop("createdAt")

        updated_at = d.pop("updatedAt")

        schedule = cls(
            id=id,
            object_=object_,
            project_id=project_id,
            agent_id=agent_id,
            request=request,
            acts_for_key_id=acts_for_key_id,
            refusal=refusal,
            spec=spec,
            overlap=overlap,
            note=note,
            paused=paused,
            next_run_times=next_run_times,
            recent_runs=recent_runs,
            temporal_schedule_id=temporal_schedule_id,
            created_at=created_at,
            updated_at=updated_at,
        )


        schedule.additional_properties = d
        return schedule

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
