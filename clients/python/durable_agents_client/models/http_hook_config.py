from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.http_hook_config_headers import HttpHookConfigHeaders





T = TypeVar("T", bound="HttpHookConfig")



@_attrs_define
class HttpHookConfig:
    """ 
        Attributes:
            url (str):
            headers (HttpHookConfigHeaders | Unset): At most 50 headers. Names are case-insensitive: a name given twice in
                another case is a 422. "[secret]" (the placeholder shown for secret values) is not a value.
            timeout_seconds (int | Unset):  Default: 5.
            secret (str | Unset): Signing secret for the webhook (write-only, encrypted at rest).
     """

    url: str
    headers: HttpHookConfigHeaders | Unset = UNSET
    timeout_seconds: int | Unset = 5
    secret: str | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        from ..models.http_hook_config_headers import HttpHookConfigHeaders # noqa: PLC0415
        url = self.url

        headers: dict[str, Any] | Unset = UNSET
        if not isinstance(self.headers, Unset):
            headers = self.headers.to_dict()

        timeout_seconds = self.timeout_seconds

        secret = self.secret


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "url": url,
        })
        if headers is not UNSET:
            field_dict["headers"] = headers
        if timeout_seconds is not UNSET:
            field_dict["timeoutSeconds"] = timeout_seconds
        if secret is not UNSET:
            field_dict["secret"] = secret

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.http_hook_config_headers import HttpHookConfigHeaders # noqa: PLC0415
        d = dict(src_dict)
        url = d.pop("url")

        _headers = d.pop("headers", UNSET)
        headers: HttpHookConfigHeaders | Unset
        if isinstance(_headers,  Unset):
            headers = UNSET
        else:
            headers = HttpHookConfigHeaders.from_dict(_headers)




        timeout_seconds = d.pop("timeoutSeconds", UNSET)

        secret = d.pop("secret", UNSET)

        http_hook_config = cls(
            url=url,
            headers=headers,
            timeout_seconds=timeout_seconds,
            secret=secret,
        )

        return http_hook_config

