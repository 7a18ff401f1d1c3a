from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.agent_step_message_type_1_role import AgentStepMessageType1Role






T = TypeVar("T", bound="AgentStepMessageType1")



@_attrs_define
class AgentStepMessageType1:
    """ 
        Attributes:
            role (AgentStepMessageType1Role):
            content (str):
     """

    role: AgentStepMessageType1Role
    content: str





    def to_dict(self) -> dict[str, Any]:
        role = self.role.value

        content = self.content


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "role": role,
            "content": content,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        role = AgentStepMessageType1Role(d.pop("role"))




        content = d.pop("content")

        agent_step_message_type_1 = cls(
            role=role,
            content=content,
        )

        return agent_step_message_type_1

