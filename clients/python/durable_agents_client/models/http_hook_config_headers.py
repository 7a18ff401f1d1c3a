from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast

if TYPE_CHECKING:
  from ..models.http_hook_config_headers_additional_property_type_1 import HttpHookConfigHeadersAdditionalPropertyType1





T = TypeVar("T", bound="HttpHookConfigHeaders")



@_attrs_define
class HttpHookConfigHeaders:
    """ At most 50 headers. Names are case-insensitive: a name given twice in another case is a 422. "[secret]" (the
    placeholder shown for secret values) is not a value.

     """

    additional_properties: dict[str, HttpHookConfigHeadersAdditionalPropertyType1 | str] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.http_hook_config_headers_additional_property_type_1 import HttpHookConfigHeadersAdditionalPropertyType1 # noqa: PLC0415
        
        field_dict: dict[str, Any] = {}
        for prop_name, prop in self.additional_properties.items():
            
            if isinstance(prop, HttpHookConfigHeadersAdditionalPropertyType1):
                field_dict[prop_name] = prop.to_dict()
            else:
                field_dict[prop_name] = prop


        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.http_hook_config_headers_additional_property_type_1 import HttpHookConfigHeadersAdditionalPropertyType1 # noqa: PLC0415
        d = dict(src_dict)
        http_hook_config_headers = cls(
        )


        additional_properties = {}
        for prop_name, prop_dict in d.items():
            def _parse_additional_property(data: object) -> HttpHookConfigHeadersAdditionalPropertyType1 | str:
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    additional_property_type_1 = HttpHookConfigHeadersAdditionalPropertyType1.from_dict(data)



                    return additional_property_type_1
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                return cast(HttpHookConfigHeadersAdditionalPropertyType1 | str, data)

            additional_property = _parse_additional_property(prop_dict)

            additional_properties[prop_name] = additional_property

        http_hook_config_headers.additional_properties = additional_properties
        return http_hook_config_headers

    @property
    def additional_keys(self) -> list[str]:
        return list(self.additional_properties.keys())

    def __getitem__(self, key: str) -> HttpHookConfigHeadersAdditionalPropertyType1 | str:
        return self.additional_properties[key]

    def __setitem__(self, key: str, value: HttpHookConfigHeadersAdditionalPropertyType1 | str) -> None:
        self.additional_properties[key] = value

    def __delitem__(self, key: str) -> None:
        del self.additional_properties[key]

    def __contains__(self, key: str) -> bool:
        return key in self.additional_properties
