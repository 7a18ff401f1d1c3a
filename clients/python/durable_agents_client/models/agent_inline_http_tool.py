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
  from ..models.tool_execute import ToolExecute
  from ..models.tool_parameters import ToolParameters





T = TypeVar("T", bound="AgentInlineHttpTool")



@_attrs_define
class AgentInlineHttpTool:
    """ An http tool owned by the agent: the fields and rules of HttpTool (POST /v1/tools), without `type`.

        Attributes:
            name (str):  Example: lookup_order.
            parameters (ToolParameters): JSON Schema (draft-07) of the tool arguments; top-level type must be "object". It
                must be a valid draft-07 schema whose `required` names are declared in `properties`, whose `$ref`s point inside
                it (#/…) and whose patterns compile, nested at most 32 levels with at most 20,000 values; a schema that breaks
                only these rules is a 422.
            description (str | Unset):
            timeout_seconds (int | Unset):  Default: 30.
            read_only (bool | Unset):  Default: False.
            max_result_chars (int | Unset):  Default: 50000.
            execute (ToolExecute | Unset): Header values may be { value, secret: true }: encrypted at rest and shown as
                "[secret]".
            delivery (ToolDelivery | Unset): at_least_once: an interrupted call is retried (http tools with the same
                Idempotency-Key). at_most_once: an interrupted call is never repeated; the model gets an "outcome unknown"
                result and the trace says so.
     """

    name: str
    parameters: ToolParameters
    description: str | Unset = UNSET
    timeout_seconds: int | Unset = 30
    read_only: bool | Unset = False
    max_result_chars: int | Unset = 50000
    execute: ToolExecute | Unset = UNSET
    delivery: ToolDelivery | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        from ..models.tool_execute import ToolExecute # noqa: PLC0415
        from ..models.tool_parameters import ToolParameters # noqa: PLC0415
        name = self.name

        parameters = self.parameters.to_dict()

        description = self.description

        timeout_seconds = self.timeout_seconds

        read_only = self.read_only

        max_result_chars = self.max_result_chars

        execute: dict[str, Any] | Unset = UNSET
        if not isinstance(self.execute, Unset):
            execute = self.execute.to_dict()

        delivery: str | Unset = UNSET
        if not isinstance(self.delivery, Unset):
            delivery = self.delivery.value



        field_dict: dict[str, Any] = {}

        field_dict.update({
            "name": name,
            "parameters": parameters,
        })
        if description is not UNSET:
            field_dict["description"] = description
        if timeout_seconds is not UNSET:
            field_dict["timeoutSeconds"] = timeout_seconds
        if read_only is not UNSET:
            field_dict["readOnly"] = read_only
        if max_result_chars is not UNSET:
            field_dict["maxResultChars"] = max_result_chars
        if execute is not UNSET:
            field_dict["execute"] = execute
        if delivery is not UNSET:
            field_dict["delivery"] = delivery

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.tool_execute import ToolExecute # noqa: PLC0415
        from ..models.tool_parameters import ToolParameters # noqa: PLC0415
        d = dict(src_dict)
        name = d.pop("name")

        parameters = ToolParameters.from_dict(d.pop("parameters"))




        description = d.pop("description", UNSET)

        timeout_seconds = d.pop("timeoutSeconds", UNSET)

        read_only = d.pop("readOnly", UNSET)

        max_result_chars = d.pop("maxResultChars", UNSET)

        _execute = d.pop("execute", UNSET)
        execute: ToolExecute | Unset
        if isinstance(_execute,  Unset):
            execute = UNSET
        else:
            execute = ToolExecute.from_dict(_execute)




        _delivery = d.pop("delivery", UNSET)
        delivery: ToolDelivery | Unset
        if isinstance(_delivery,  Unset):
            delivery = UNSET
        else:
            delivery = ToolDelivery(_delivery)




        agent_inline_http_tool = cls(
            name=name,
            parameters=parameters,
            description=description,
            timeout_seconds=timeout_seconds,
            read_only=read_only,
            max_result_chars=max_result_chars,
            execute=execute,
            delivery=delivery,
        )

        return agent_inline_http_tool

