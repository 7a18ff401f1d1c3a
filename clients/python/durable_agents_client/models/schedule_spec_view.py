from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast

if TYPE_CHECKING:
  from ..models.schedule_interval_view import ScheduleIntervalView





T = TypeVar("T", bound="ScheduleSpecView")



@_attrs_define
class ScheduleSpecView:
    """ 
        Attributes:
            cron_expressions (list[str]):
            intervals (list[ScheduleIntervalView]):
            time_zone (str):
     """

    cron_expressions: list[str]
    intervals: list[ScheduleIntervalView]
    time_zone: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.schedule_interval_view import ScheduleIntervalView # noqa: PLC0415
        cron_expressions = self.cron_expressions



        intervals = []
        for intervals_item_data in self.intervals:
            intervals_item = intervals_item_data.to_dict()
            intervals.append(intervals_item)



        time_zone = self.time_zone


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "cronExpressions": cron_expressions,
            "intervals": intervals,
            "timeZone": time_zone,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.schedule_interval_view import ScheduleIntervalView # noqa: PLC0415
        d = dict(src_dict)
        cron_expressions = cast(list[str], d.pop("cronExpressions"))


        intervals = []
        _intervals = d.pop("intervals")
        for intervals_item_data in (_intervals):
            intervals_item = ScheduleIntervalView.from_dict(intervals_item_data)



            intervals.append(intervals_item)


        time_zone = d.pop("timeZone")

        schedule_spec_view = cls(
            cron_expressions=cron_expressions,
            intervals=intervals,
            time_zone=time_zone,
        )


        schedule_spec_view.additional_properties = d
        return schedule_spec_view

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
