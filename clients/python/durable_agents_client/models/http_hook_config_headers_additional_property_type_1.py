from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset






T = TypeVar("T", bound="HttpHookConfigHeadersAdditionalPropertyType1")



@_attrs_define
class HttpHookConfigHeadersAdditionalPropertyType1:
    """ 
        Attributes:
            value (str):
            secret (bool | Unset):  Default: True.
     """

    value: str
    secret: bool | Unset = True





    def to_dict(self) -> dict[str, Any]:
        value = self.value

        secret = self.secret


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "value": value,
        })
        if secret is not UNSET:
            field_dict["secret"] = secret

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        value = d.pop("value")

        secret = d.pop("secret", UNSET)

        http_hook_config_headers_additional_property_type_1 = cls(
            value=value,
            secret=secret,
        )

        return http_hook_config_headers_additional_property_type_1

