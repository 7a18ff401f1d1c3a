from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.tool_mcp_connection_transport import ToolMcpConnectionTransport
from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.tool_mcp_connection_headers import ToolMcpConnectionHeaders





T = TypeVar("T", bound="ToolMcpConnection")



@_attrs_define
class ToolMcpConnection:
    """ 
        Attributes:
            url (str):
            headers (ToolMcpConnectionHeaders | Unset): At most 50 headers. Names are case-insensitive: a name given twice
                in another case is a 422. "[secret]" (the placeholder shown for secret values) is not a value.
            transport (ToolMcpConnectionTransport | Unset):  Default: ToolMcpConnectionTransport.STREAMABLE_HTTP.
     """

    url: str
    headers: ToolMcpConnectionHeaders | Unset = UNSET
    transport: ToolMcpConnectionTransport | Unset = ToolMcpConnectionTransport.STREAMABLE_HTTP





    def to_dict(self) -> dict[str, Any]:
        from ..models.tool_mcp_connection_headers import ToolMcpConnectionHeaders # noqa: PLC0415
        url = self.url

        headers: dict[str, Any] | Unset = UNSET
        if not isinstance(self.headers, Unset):
            headers = self.headers.to_dict()

        transport: str | Unset = UNSET
        if not isinstance(self.transport, Unset):
            transport = self.transport.value



        field_dict: dict[str, Any] = {}

        field_dict.update({
            "url": url,
        })
        if headers is not UNSET:
            field_dict["headers"] = headers
        if transport is not UNSET:
            field_dict["transport"] = transport

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.tool_mcp_connection_headers import ToolMcpConnectionHeaders # noqa: PLC0415
        d = dict(src_dict)
        url = d.pop("url")

        _headers = d.pop("headers", UNSET)
        headers: ToolMcpConnectionHeaders | Unset
        if isinstance(_headers,  Unset):
            headers = UNSET
        else:
            headers = ToolMcpConnectionHeaders.from_dict(_headers)




        _transport = d.pop("transport", UNSET)
        transport: ToolMcpConnectionTransport | Unset
        if isinstance(_transport,  Unset):
            transport = UNSET
        else:
            transport = ToolMcpConnectionTransport(_transport)




        tool_mcp_connection = cls(
            url=url,
            headers=headers,
            transport=transport,
        )

        return tool_mcp_connection

