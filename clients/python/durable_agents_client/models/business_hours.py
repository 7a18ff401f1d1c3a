from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast

if TYPE_CHECKING:
  from ..models.business_hours_schedule_item import BusinessHoursScheduleItem





T = TypeVar("T", bound="BusinessHours")



@_attrs_define
class BusinessHours:
    """ 
        Attributes:
            time_zone (str): IANA time zone such as Europe/Paris or UTC (a name the server does not know is a 422)
            schedule (list[BusinessHoursScheduleItem]):
     """

    time_zone: str
    schedule: list[BusinessHoursScheduleItem]





    def to_dict(self) -> dict[str, Any]:
        from ..models.business_hours_schedule_item import BusinessHoursScheduleItem # noqa: PLC0415
        time_zone = self.time_zone

        schedule = []
        for schedule_item_data in self.schedule:
            schedule_item = schedule_item_data.to_dict()
            schedule.append(schedule_item)




        field_dict: dict[str, Any] = {}

        field_dict.update({
            "timeZone": time_zone,
            "schedule": schedule,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.business_hours_schedule_item import BusinessHoursScheduleItem # noqa: PLC0415
        d = dict(src_dict)
        time_zone = d.pop("timeZone")

        schedule = []
        _schedule = d.pop("schedule")
        for schedule_item_data in (_schedule):
            schedule_item = BusinessHoursScheduleItem.from_dict(schedule_item_data)



            schedule.append(schedule_item)


        business_hours = cls(
            time_zone=time_zone,
            schedule=schedule,
        )

        return business_hours

