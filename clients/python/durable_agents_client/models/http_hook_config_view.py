from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.http_hook_config_view_headers import HttpHookConfigViewHeaders





T = TypeVar("T", bound="HttpHookConfigView")



@_attrs_define
class HttpHookConfigView:
    """ 
        Attributes:
            url (str):
            timeout_seconds (float):
            has_secret (bool):
            headers (HttpHookConfigViewHeaders | Unset):
     """

    url: str
    timeout_seconds: float
    has_secret: bool
    headers: HttpHookConfigViewHeaders | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.http_hook_config_view_headers import HttpHookConfigViewHeaders # noqa: PLC0415
        url = self.url

        timeout_seconds = self.timeout_seconds

        has_secret = self.has_secret

        headers: dict[str, Any] | Unset = UNSET
        if not isinstance(self.headers, Unset):
            headers = self.headers.to_dict()


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "url": url,
            "timeoutSeconds": timeout_seconds,
            "hasSecret": has_secret,
        })
        if headers is not UNSET:
            field_dict["headers"] = headers

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.http_hook_config_view_headers import HttpHookConfigViewHeaders # noqa: PLC0415
        d = dict(src_dict)
        url = d.pop("url")

        timeout_seconds = d.pop("timeoutSeconds")

        has_secret = d.pop("hasSecret")

        _headers = d.pop("headers", UNSET)
        headers: HttpHookConfigViewHeaders | Unset
        if isinstance(_headers,  Unset):
            headers = UNSET
        else:
            headers = HttpHookConfigViewHeaders.from_dict(_headers)




        http_hook_config_view = cls(
            url=url,
            timeout_seconds=timeout_seconds,
            has_secret=has_secret,
            headers=headers,
        )


        http_hook_config_view.additional_properties = d
        return http_hook_config_view

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
