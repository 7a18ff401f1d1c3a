from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.backfill_schedule_overlap import BackfillScheduleOverlap
from ..types import UNSET, Unset
from typing import cast
import datetime






T = TypeVar("T", bound="BackfillSchedule")



@_attrs_define
class BackfillSchedule:
    """ 
        Attributes:
            start (datetime.datetime):  Example: 2026-12-01T00:00:00Z.
            end (datetime.datetime):  Example: 2026-12-01T01:00:00Z.
            overlap (BackfillScheduleOverlap | Unset): Default: the schedule's own overlap policy. A window of more than
                1,000 times is refused (422).
     """

    start: datetime.datetime
    end: datetime.datetime
    overlap: BackfillScheduleOverlap | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        start = self.start.isoformat()

        end = self.end.isoformat()

        overlap: str | Unset = UNSET
        if not isinstance(self.overlap, Unset):
            overlap = self.overlap.value



        field_dict: dict[str, Any] = {}

        field_dict.update({
            "start": start,
            "end": end,
        })
        if overlap is not UNSET:
            field_dict["overlap"] = overlap

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        start = datetime.datetime.fromisoformat(d.pop("start"))




        end = datetime.datetime.fromisoformat(d.pop("end"))




        _overlap = d.pop("overlap", UNSET)
        overlap: BackfillScheduleOverlap | Unset
        if isinstance(_overlap,  Unset):
            overlap = UNSET
        else:
            overlap = BackfillScheduleOverlap(_overlap)




        backfill_schedule = cls(
            start=start,
            end=end,
            overlap=overlap,
        )

        return backfill_schedule

