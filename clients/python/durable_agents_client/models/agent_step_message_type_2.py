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
  from ..models.agent_step_tool_request_type_0 import AgentStepToolRequestType0





T = TypeVar("T", bound="AgentStepMessageType2")



@_attrs_define
class AgentStepMessageType2:
    """ 
        Attributes:
            role (AgentStepMessageType2Role):
            content (None | str | Unset):
            tool_request (AgentStepToolRequestType0 | None | Unset): The tool the caller should run (then send its output as
                a tool message)
     """

    role: AgentStepMessageType2Role
    content: None | str | Unset = UNSET
    tool_request: AgentStepToolRequestType0 | None | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        from ..models.agent_step_tool_request_type_0 import AgentStepToolRequestType0 # noqa: PLC0415
        role = self.role.value

        content: None | str | Unset
        if isinstance(self.content, Unset):
            content = UNSET
        else:
            content = self.content

        tool_request: dict[str, Any] | None | Unset
        if isinstance(self.tool_request, Unset):
            tool_request = UNSET
        elif isinstance(self.tool_request, AgentStepToolRequestType0):
            tool_request = self.tool_request.to_dict()
        else:
            tool_request = self.tool_request


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
        from ..models.agent_step_tool_request_type_0 import AgentStepToolRequestType0 # noqa: PLC0415
        d = dict(src_dict)
        role = AgentStepMessageType2Role(d.pop("role"))




        def _parse_content(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        content = _parse_content(d.pop("content", UNSET))


        def _parse_tool_request(data: object) -> AgentStepToolRequestType0 | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_agent_step_tool_request_type_0 = AgentStepToolRequestType0.from_dict(data)



                return componentsschemas_agent_step_tool_request_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(AgentStepToolRequestType0 | None | Unset, data)

        tool_request = _parse_tool_request(d.pop("toolRequest", UNSET))


        agent_step_message_type_2 = cls(
            role=role,
            content=content,
            tool_request=tool_request,
        )

        return agent_step_message_type_2

