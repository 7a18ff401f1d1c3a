from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.business_hours_schedule_item_days_item import BusinessHoursScheduleItemDaysItem
from typing import cast






T = TypeVar("T", bound="BusinessHoursScheduleItem")



@_attrs_define
class BusinessHoursScheduleItem:
    """ 
        Attributes:
            days (list[BusinessHoursScheduleItemDaysItem]):
            open_ (str):  Example: 09:00.
            close (str):  Example: 09:00.
     """

    days: list[BusinessHoursScheduleItemDaysItem]
    open_: str
    close: str





    def to_dict(self) -> dict[str, Any]:
        days = []
        for days_item_data in self.days:
            days_item = days_item_data.value
            days.append(days_item)



        open_ = self.open_

        close = self.close


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "days": days,
            "open": open_,
            "close": close,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        days = []
        _days = d.pop("days")
        for days_item_data in (_days):
            days_item = BusinessHoursScheduleItemDaysItem(days_item_data)



            days.append(days_item)


        open_ = d.pop("open")

        close = d.pop("close")

        business_hours_schedule_item = cls(
            days=days,
            open_=open_,
            close=close,
        )

        return business_hours_schedule_item

