from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.agent_step_message_type_2_role import AgentStepMessageType2Role
from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.agent_step_tool_request import AgentStepToolRequest





T = TypeVar("T", bound="AgentStepMessageType2")



@_attrs_define
class AgentStepMessageType2:
    """ 
        Attributes:
            role (AgentStepMessageType2Role):
            content (None | str | Unset):
            tool_request (AgentStepToolRequest | Unset):
     """

    role: AgentStepMessageType2Role
    content: None | str | Unset = UNSET
    tool_request: AgentStepToolRequest | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        from ..models.agent_step_tool_request import AgentStepToolRequest # noqa: PLC0415
        role = self.role.value

        content: None | str | Unset
        if isinstance(self.content, Unset):
            content = UNSET
        else:
            content = self.content

        tool_request: dict[str, Any] | Unset = UNSET
        if not isinstance(self.tool_request, Unset):
            tool_request = self.tool_request.to_dict()


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "role": role,
        })
        if content is not UNSET:
            field_dict["content"] = content
        if tool_request is not UNSET:
            field_dict["toolRequest"] = tool_request

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.agent_step_tool_request import AgentStepToolRequest # noqa: PLC0415
        d = dict(src_dict)
        role = AgentStepMessageType2Role(d.pop("role"))




        def _parse_content(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        content = _parse_content(d.pop("content", UNSET))


        _tool_request = d.pop("toolRequest", UNSET)
        tool_request: AgentStepToolRequest | Unset
        if isinstance(_tool_request,  Unset):
            tool_request = UNSET
        else:
            tool_request = AgentStepToolRequest.from_dict(_tool_request)




        agent_step_message_type_2 = cls(
            role=role,
            content=content,
            tool_request=tool_request,
        )

        return agent_step_message_type_2

