from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset







T = TypeVar("T", bound="AgentStepToolRequest")



@_attrs_define
class AgentStepToolRequest:
    """ 
        Attributes:
            id (str):
            name (str):
            arguments (Any):
     """

    id: str
    name: str
    arguments: Any





    def to_dict(self) -> dict[str, Any]:
        id = self.id

        name = self.name

        arguments = self.arguments


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "id": id,
            "name": name,
            "arguments": arguments,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        id = d.pop("id")

        name = d.pop("name")

        arguments = d.pop("arguments")

        agent_step_tool_request = cls(
            id=id,
            name=name,
            arguments=arguments,
        )

        return agent_step_tool_request

