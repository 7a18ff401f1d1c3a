from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.update_schedule_overlap import UpdateScheduleOverlap
from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.schedule_spec import ScheduleSpec
  from ..models.scheduled_generate_request import ScheduledGenerateRequest





T = TypeVar("T", bound="UpdateSchedule")



@_attrs_define
class UpdateSchedule:
    """ 
        Attributes:
            request (ScheduledGenerateRequest | Unset):
            spec (ScheduleSpec | Unset):
            overlap (UpdateScheduleOverlap | Unset): When a run is due while the previous one is still running: skip it,
                buffer one to run after, cancel the running one, or run both
            note (None | str | Unset): null clears it
     """

    request: ScheduledGenerateRequest | Unset = UNSET
    spec: ScheduleSpec | Unset = UNSET
    overlap: UpdateScheduleOverlap | Unset = UNSET
    note: None | str | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        from ..models.schedule_spec import ScheduleSpec # noqa: PLC0415
        from ..models.scheduled_generate_request import ScheduledGenerateRequest # noqa: PLC0415
        request: dict[str, Any] | Unset = UNSET
        if not isinstance(self.request, Unset):
            request = self.request.to_dict()

        spec: dict[str, Any] | Unset = UNSET
        if not isinstance(self.spec, Unset):
            spec = self.spec.to_dict()

        overlap: str | Unset = UNSET
        if not isinstance(self.overlap, Unset):
            overlap = self.overlap.value


        note: None | str | Unset
        if isinstance(self.note, Unset):
            note = UNSET
        else:
            note = self.note


        field_dict: dict[str, Any] = {}

        field_dict.update({
        })
        if request is not UNSET:
            field_dict["request"] = request
        if spec is not UNSET:
            field_dict["spec"] = spec
        if overlap is not UNSET:
            field_dict["overlap"] = overlap
        if note is not UNSET:
            field_dict["note"] = note

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.schedule_spec import ScheduleSpec # noqa: PLC0415
        from ..models.scheduled_generate_request import ScheduledGenerateRequest # noqa: PLC0415
        d = dict(src_dict)
        _request = d.pop("request", UNSET)
        request: ScheduledGenerateRequest | Unset
        if isinstance(_request,  Unset):
            request = UNSET
        else:
            request = ScheduledGenerateRequest.from_dict(_request)




        _spec = d.pop("spec", UNSET)
        spec: ScheduleSpec | Unset
        if isinstance(_spec,  Unset):
            spec = UNSET
        else:
            spec = ScheduleSpec.from_dict(_spec)




        _overlap = d.pop("overlap", UNSET)
        overlap: UpdateScheduleOverlap | Unset
        if isinstance(_overlap,  Unset):
            overlap = UNSET
        else:
            overlap = UpdateScheduleOverlap(_overlap)




        def _parse_note(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        note = _parse_note(d.pop("note", UNSET))


        update_schedule = cls(
            request=request,
            spec=spec,
            overlap=overlap,
            note=note,
        )

        return update_schedule

