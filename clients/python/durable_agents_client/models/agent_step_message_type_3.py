from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.agent_step_message_type_3_role import AgentStepMessageType3Role






T = TypeVar("T", bound="AgentStepMessageType3")



@_attrs_define
class AgentStepMessageType3:
    """ 
        Attributes:
            role (AgentStepMessageType3Role):
            tool_request_id (str): The id of the agent message's toolRequest it answers
            content (str):
     """

    role: AgentStepMessageType3Role
    tool_request_id: str
    content: str





    def to_dict(self) -> dict[str, Any]:
        role = self.role.value

        tool_request_id = self.tool_request_id

        content = self.content


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "role": role,
            "toolRequestId": tool_request_id,
            "content": content,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        role = AgentStepMessageType3Role(d.pop("role"))




        tool_request_id = d.pop("toolRequestId")

        content = d.pop("content")

        agent_step_message_type_3 = cls(
            role=role,
            tool_request_id=tool_request_id,
            content=content,
        )

        return agent_step_message_type_3

