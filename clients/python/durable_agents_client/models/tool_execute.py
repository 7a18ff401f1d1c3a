from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.tool_execute_headers import ToolExecuteHeaders





T = TypeVar("T", bound="ToolExecute")



@_attrs_define
class ToolExecute:
    """ Header values may be { value, secret: true }: encrypted at rest and shown as "[secret]".

        Attributes:
            url (str):
            headers (ToolExecuteHeaders | Unset): At most 50 headers. Names are case-insensitive: a name given twice in
                another case is a 422. "[secret]" (the placeholder shown for secret values) is not a value.
     """

    url: str
    headers: ToolExecuteHeaders | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        from ..models.tool_execute_headers import ToolExecuteHeaders # noqa: PLC0415
        url = self.url

        headers: dict[str, Any] | Unset = UNSET
        if not isinstance(self.headers, Unset):
            headers = self.headers.to_dict()


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "url": url,
        })
        if headers is not UNSET:
            field_dict["headers"] = headers

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.tool_execute_headers import ToolExecuteHeaders # noqa: PLC0415
        d = dict(src_dict)
        url = d.pop("url")

        _headers = d.pop("headers", UNSET)
        headers: ToolExecuteHeaders | Unset
        if isinstance(_headers,  Unset):
            headers = UNSET
        else:
            headers = ToolExecuteHeaders.from_dict(_headers)




        tool_execute = cls(
            url=url,
            headers=headers,
        )

        return tool_execute

