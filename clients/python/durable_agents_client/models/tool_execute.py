from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.tool_execute_body_encoding import ToolExecuteBodyEncoding
from ..models.tool_execute_method import ToolExecuteMethod
from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.tool_execute_headers import ToolExecuteHeaders





T = TypeVar("T", bound="ToolExecute")



@_attrs_define
class ToolExecute:
    """ Header values may be { value, secret: true }: encrypted at rest and shown as "[secret]".

        Attributes:
            url (str): May hold `{argument}` placeholders in its path and query (`/orders/{orderId}?status={status}`),
                filled from the call (URL-encoded).
            method (ToolExecuteMethod | Unset): Default POST. GET and DELETE send the arguments no placeholder used as query
                parameters; POST, PUT and PATCH as the body.
            body_encoding (ToolExecuteBodyEncoding | Unset): The body of POST, PUT and PATCH: JSON (default) or
                application/x-www-form-urlencoded.
            headers (ToolExecuteHeaders | Unset): At most 50 headers. Names are case-insensitive: a name given twice in
                another case is a 422. "[secret]" (the placeholder shown for secret values) is not a value.
     """

    url: str
    method: ToolExecuteMethod | Unset = UNSET
    body_encoding: ToolExecuteBodyEncoding | Unset = UNSET
    headers: ToolExecuteHeaders | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        from ..models.tool_execute_headers import ToolExecuteHeaders # noqa: PLC0415
        url = self.url

        method: str | Unset = UNSET
        if not isinstance(self.method, Unset):
            method = self.method.value


        body_encoding: str | Unset = UNSET
        if not isinstance(self.body_encoding, Unset):
            body_encoding = self.body_encoding.value


        headers: dict[str, Any] | Unset = UNSET
        if not isinstance(self.headers, Unset):
            headers = self.headers.to_dict()


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "url": url,
        })
        if method is not UNSET:
            field_dict["method"] = method
        if body_encoding is not UNSET:
            field_dict["bodyEncoding"] = body_encoding
        if headers is not UNSET:
            field_dict["headers"] = headers

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.tool_execute_headers import ToolExecuteHeaders # noqa: PLC0415
        d = dict(src_dict)
        url = d.pop("url")

        _method = d.pop("method", UNSET)
        method: ToolExecuteMethod | Unset
        if isinstance(_method,  Unset):
            method = UNSET
        else:
            method = ToolExecuteMethod(_method)




        _body_encoding = d.pop("bodyEncoding", UNSET)
        body_encoding: ToolExecuteBodyEncoding | Unset
        if isinstance(_body_encoding,  Unset):
            body_encoding = UNSET
        else:
            body_encoding = ToolExecuteBodyEncoding(_body_encoding)




        _headers = d.pop("headers", UNSET)
        headers: ToolExecuteHeaders | Unset
        if isinstance(_headers,  Unset):
            headers = UNSET
        else:
            headers = ToolExecuteHeaders.from_dict(_headers)




        tool_execute = cls(
            url=url,
            method=method,
            body_encoding=body_encoding,
            headers=headers,
        )

        return tool_execute

