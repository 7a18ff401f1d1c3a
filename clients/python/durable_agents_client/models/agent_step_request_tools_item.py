from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.agent_step_request_tools_item_arguments import AgentStepRequestToolsItemArguments





T = TypeVar("T", bound="AgentStepRequestToolsItem")



@_attrs_define
class AgentStepRequestToolsItem:
    """ 
        Attributes:
            name (str):
            arguments (AgentStepRequestToolsItemArguments):
            description (str | Unset):
     """

    name: str
    arguments: AgentStepRequestToolsItemArguments
    description: str | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        from ..models.agent_step_request_tools_item_arguments import AgentStepRequestToolsItemArguments # noqa: PLC0415
        name = self.name

        arguments = self.arguments.to_dict()

        description = self.description


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "name": name,
            "arguments": arguments,
        })
        if description is not UNSET:
            field_dict["description"] = description

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.agent_step_request_tools_item_arguments import AgentStepRequestToolsItemArguments # noqa: PLC0415
        d = dict(src_dict)
        name = d.pop("name")

        arguments = AgentStepRequestToolsItemArguments.from_dict(d.pop("arguments"))




        description = d.pop("description", UNSET)

        agent_step_request_tools_item = cls(
            name=name,
            arguments=arguments,
            description=description,
        )

        return agent_step_request_tools_item

