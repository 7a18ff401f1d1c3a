from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset






T = TypeVar("T", bound="Branding")



@_attrs_define
class Branding:
    """ Chat widget branding: primaryColor (#rrggbb).

        Attributes:
            primary_color (str | Unset):  Default: '#8b5cf6'.
     """

    primary_color: str | Unset = '#8b5cf6'





    def to_dict(self) -> dict[str, Any]:
        primary_color = self.primary_color


        field_dict: dict[str, Any] = {}

        field_dict.update({
        })
        if primary_color is not UNSET:
            field_dict["primaryColor"] = primary_color

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        primary_color = d.pop("primaryColor", UNSET)

        branding = cls(
            primary_color=primary_color,
        )

        return branding

