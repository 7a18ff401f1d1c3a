from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.tool_delivery import ToolDelivery
from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.tool_mcp_connection import ToolMcpConnection





T = TypeVar("T", bound="AgentInlineMcpServer")



@_attrs_define
class AgentInlineMcpServer:
    """ An mcp tool owned by the agent: the fields of McpTool (POST /v1/tools), without `type`; `name` prefixes the tools
    discovered on the server.

        Attributes:
            name (str):
            mcp (ToolMcpConnection):
            description (str | Unset):
            timeout_seconds (int | Unset):  Default: 30.
            read_only (bool | Unset):  Default: False.
            max_result_chars (int | Unset):  Default: 50000.
            enabled (bool | Unset):  Default: True.
            delivery (ToolDelivery | Unset): at_least_once: an interrupted call is retried (http tools with the same
                Idempotency-Key). at_most_once: an interrupted call is never repeated; the model gets an "outcome unknown"
                result and the trace says so.
     """

    name: str
    mcp: ToolMcpConnection
    description: str | Unset = UNSET
    timeout_seconds: int | Unset = 30
    read_only: bool | Unset = False
    max_result_chars: int | Unset = 50000
    enabled: bool | Unset = True
    delivery: ToolDelivery | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        from ..models.tool_mcp_connection import ToolMcpConnection # noqa: PLC0415
        name = self.name

        mcp = self.mcp.to_dict()

        description = self.description

        timeout_seconds = self.timeout_seconds

        read_only = self.read_only

        max_result_chars = self.max_result_chars

        enabled = self.enabled

        delivery: str | Unset = UNSET
        if not isinstance(self.delivery, Unset):
            delivery = self.delivery.value



        field_dict: dict[str, Any] = {}

        field_dict.update({
            "name": name,
            "mcp": mcp,
        })
        if description is not UNSET:
            field_dict["description"] = description
        if timeout_seconds is not UNSET:
            field_dict["timeoutSeconds"] = timeout_seconds
        if read_only is not UNSET:
            field_dict["readOnly"] = read_only
        if max_result_chars is not UNSET:
            field_dict["maxResultChars"] = max_result_chars
        if enabled is not UNSET:
            field_dict["enabled"] = enabled
        if delivery is not UNSET:
            field_dict["delivery"] = delivery

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.tool_mcp_connection import ToolMcpConnection # noqa: PLC0415
        d = dict(src_dict)
        name = d.pop("name")

        mcp = ToolMcpConnection.from_dict(d.pop("mcp"))




        description = d.pop("description", UNSET)

        timeout_seconds = d.pop("timeoutSeconds", UNSET)

        read_only = d.pop("readOnly", UNSET)

        max_result_chars = d.pop("maxResultChars", UNSET)

        enabled = d.pop("enabled", UNSET)

        _delivery = d.pop("delivery", UNSET)
        delivery: ToolDelivery | Unset
        if isinstance(_delivery,  Unset):
            delivery = UNSET
        else:
            delivery = ToolDelivery(_delivery)




        agent_inline_mcp_server = cls(
            name=name,
            mcp=mcp,
            description=description,
            timeout_seconds=timeout_seconds,
            read_only=read_only,
            max_result_chars=max_result_chars,
            enabled=enabled,
            delivery=delivery,
        )

        return agent_inline_mcp_server

