from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset






T = TypeVar("T", bound="ScheduleInterval")



@_attrs_define
class ScheduleInterval:
    """ 
        Attributes:
            every_seconds (int):  Example: 3600.
            offset_seconds (int | Unset): Shifts each run within its interval (must be less than everySeconds)
     """

    every_seconds: int
    offset_seconds: int | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        every_seconds = self.every_seconds

        offset_seconds = self.offset_seconds


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "everySeconds": every_seconds,
        })
        if offset_seconds is not UNSET:
            field_dict["offsetSeconds"] = offset_seconds

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        every_seconds = d.pop("everySeconds")

        offset_seconds = d.pop("offsetSeconds", UNSET)

        schedule_interval = cls(
            every_seconds=every_seconds,
            offset_seconds=offset_seconds,
        )

        return schedule_interval

