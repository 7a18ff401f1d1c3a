from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.client_tool_type import ClientToolType
from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.tool_parameters import ToolParameters





T = TypeVar("T", bound="ClientTool")



@_attrs_define
class ClientTool:
    """ 
        Attributes:
            type_ (ClientToolType):
            name (str):  Example: lookup_order.
            parameters (ToolParameters): JSON Schema (draft-07) of the tool arguments; top-level type must be "object". It
                must be a valid draft-07 schema whose `required` names are declared in `properties`, whose `$ref`s point inside
                it (#/…) and whose patterns compile, nested at most 32 levels with at most 20,000 values; a schema that breaks
                only these rules is a 422.
            description (str | Unset):
            timeout_seconds (int | Unset): Refused (422 `not_implemented`): the call waits for the client or the child
                generation without a timeout.
            read_only (bool | Unset):  Default: False.
            max_result_chars (int | Unset):  Default: 50000.
     """

    type_: ClientToolType
    name: str
    parameters: ToolParameters
    description: str | Unset = UNSET
    timeout_seconds: int | Unset = UNSET
    read_only: bool | Unset = False
    max_result_chars: int | Unset = 50000





    def to_dict(self) -> dict[str, Any]:
        from ..models.tool_parameters import ToolParameters # noqa: PLC0415
        type_ = self.type_.value

        name = self.name

        parameters = self.parameters.to_dict()

        description = self.description

        timeout_seconds = self.timeout_seconds

        read_only = self.read_only

        max_result_chars = self.max_result_chars


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "type": type_,
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

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.tool_parameters import ToolParameters # noqa: PLC0415
        d = dict(src_dict)
        type_ = ClientToolType(d.pop("type"))




        name = d.pop("name")

        parameters = ToolParameters.from_dict(d.pop("parameters"))




        description = d.pop("description", UNSET)

        timeout_seconds = d.pop("timeoutSeconds", UNSET)

        read_only = d.pop("readOnly", UNSET)

        max_result_chars = d.pop("maxResultChars", UNSET)

        client_tool = cls(
            type_=type_,
            name=name,
            parameters=parameters,
            description=description,
            timeout_seconds=timeout_seconds,
            read_only=read_only,
            max_result_chars=max_result_chars,
        )

        return client_tool

