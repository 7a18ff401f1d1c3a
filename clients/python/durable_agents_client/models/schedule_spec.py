from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.schedule_interval import ScheduleInterval





T = TypeVar("T", bound="ScheduleSpec")



@_attrs_define
class ScheduleSpec:
    """ 
        Attributes:
            cron_expressions (list[str] | Unset): Standard five-field cron expressions (Temporal syntax), read in timeZone
            intervals (list[ScheduleInterval] | Unset):
            time_zone (str | Unset):  Default: 'UTC'. Example: Europe/Paris.
     """

    cron_expressions: list[str] | Unset = UNSET
    intervals: list[ScheduleInterval] | Unset = UNSET
    time_zone: str | Unset = 'UTC'





    def to_dict(self) -> dict[str, Any]:
        from ..models.schedule_interval import ScheduleInterval # noqa: PLC0415
        cron_expressions: list[str] | Unset = UNSET
        if not isinstance(self.cron_expressions, Unset):
            cron_expressions = self.cron_expressions



        intervals: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.intervals, Unset):
            intervals = []
            for intervals_item_data in self.intervals:
                intervals_item = intervals_item_data.to_dict()
                intervals.append(intervals_item)



        time_zone = self.time_zone


        field_dict: dict[str, Any] = {}

        field_dict.update({
        })
        if cron_expressions is not UNSET:
            field_dict["cronExpressions"] = cron_expressions
        if intervals is not UNSET:
            field_dict["intervals"] = intervals
        if time_zone is not UNSET:
            field_dict["timeZone"] = time_zone

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.schedule_interval import ScheduleInterval # noqa: PLC0415
        d = dict(src_dict)
        cron_expressions = cast(list[str], d.pop("cronExpressions", UNSET))


        _intervals = d.pop("intervals", UNSET)
        intervals: list[ScheduleInterval] | Unset = UNSET
        if _intervals is not UNSET:
            intervals = []
            for intervals_item_data in _intervals:
                intervals_item = ScheduleInterval.from_dict(intervals_item_data)



                intervals.append(intervals_item)


        time_zone = d.pop("timeZone", UNSET)

        schedule_spec = cls(
            cron_expressions=cron_expressions,
            intervals=intervals,
            time_zone=time_zone,
        )

        return schedule_spec

