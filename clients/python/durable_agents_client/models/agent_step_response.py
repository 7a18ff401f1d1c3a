from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.agent_step_response_object import AgentStepResponseObject
from typing import cast

if TYPE_CHECKING:
  from ..models.agent_step_response_usage import AgentStepResponseUsage
  from ..models.agent_step_tool_request import AgentStepToolRequest





T = TypeVar("T", bound="AgentStepResponse")



@_attrs_define
class AgentStepResponse:
    """ 
        Attributes:
            object_ (AgentStepResponseObject):
            model (str):
            content (None | str): The final answer, when the model answered
            tool_request (AgentStepToolRequest | None): The tool the caller should run (then send its output as a tool
                message)
            finish_reason (None | str):
            usage (AgentStepResponseUsage):
     """

    object_: AgentStepResponseObject
    model: str
    content: None | str
    tool_request: AgentStepToolRequest | None
    finish_reason: None | str
    usage: AgentStepResponseUsage
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.agent_step_response_usage import AgentStepResponseUsage # noqa: PLC0415
        from ..models.agent_step_tool_request import AgentStepToolRequest # noqa: PLC0415
        object_ = self.object_.value

        model = self.model

        content: None | str
        content = self.content

        tool_request: dict[str, Any] | None
        if isinstance(self.tool_request, AgentStepToolRequest):
            tool_request = self.tool_request.to_dict()
        else:
            tool_request = self.tool_request

        finish_reason: None | str
        finish_reason = self.finish_reason

        usage = self.usage.to_dict()


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "object": object_,
            "model": model,
            "content": content,
            "toolRequest": tool_request,
            "finishReason": finish_reason,
            "usage": usage,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.agent_step_response_usage import AgentStepResponseUsage # noqa: PLC0415
        from ..models.agent_step_tool_request import AgentStepToolRequest # noqa: PLC0415
        d = dict(src_dict)
        object_ = AgentStepResponseObject(d.pop("object"))




        model = d.pop("model")

        def _parse_content(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        content = _parse_content(d.pop("content"))


        def _parse_tool_request(data: object) -> AgentStepToolRequest | None:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                tool_request_type_0 = AgentStepToolRequest.from_dict(data)



                return tool_request_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(AgentStepToolRequest | None, data)

        tool_request = _parse_tool_request(d.pop("toolRequest"))


        def _parse_finish_reason(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        finish_reason = _parse_finish_reason(d.pop("finishReason"))


        usage = AgentStepResponseUsage.from_dict(d.pop("usage"))




        agent_step_response = cls(
            object_=object_,
            model=model,
            content=content,
            tool_request=tool_request,
            finish_reason=finish_reason,
            usage=usage,
        )


        agent_step_response.additional_properties = d
        return agent_step_response

    @property
    def additional_keys(self) -> list[str]:
        return list(self.additional_properties.keys())

    def __getitem__(self, key: str) -> Any:
        return self.additional_properties[key]

    def __setitem__(self, key: str, value: Any) -> None:
        self.additional_properties[key] = value

    def __delitem__(self, key: str) -> None:
        del self.additional_properties[key]

    def __contains__(self, key: str) -> bool:
        return key in self.additional_properties
