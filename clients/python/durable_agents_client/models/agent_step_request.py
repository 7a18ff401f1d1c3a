from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.agent_step_message_type_0 import AgentStepMessageType0
  from ..models.agent_step_message_type_1 import AgentStepMessageType1
  from ..models.agent_step_message_type_2 import AgentStepMessageType2
  from ..models.agent_step_message_type_3 import AgentStepMessageType3
  from ..models.agent_step_request_memory_strategy import AgentStepRequestMemoryStrategy
  from ..models.agent_step_request_tools_item import AgentStepRequestToolsItem
  from ..models.model_parameters import ModelParameters





T = TypeVar("T", bound="AgentStepRequest")



@_attrs_define
class AgentStepRequest:
    """ 
        Attributes:
            ai_provider_id (str):  Example: aip_4kT9xQ2mZ8wR.
            messages (list[AgentStepMessageType0 | AgentStepMessageType1 | AgentStepMessageType2 | AgentStepMessageType3]):
            model (str | Unset): Default: the provider's defaultModel
            instructions (str | Unset): System prompt placed before the messages
            tools (list[AgentStepRequestToolsItem] | Unset): Tool names must be unique (a repeated name is a 422)
            memory_strategy (AgentStepRequestMemoryStrategy | Unset): Send only the last k messages (system messages are
                always kept)
            model_parameters (ModelParameters | Unset):
     """

    ai_provider_id: str
    messages: list[AgentStepMessageType0 | AgentStepMessageType1 | AgentStepMessageType2 | AgentStepMessageType3]
    model: str | Unset = UNSET
    instructions: str | Unset = UNSET
    tools: list[AgentStepRequestToolsItem] | Unset = UNSET
    memory_strategy: AgentStepRequestMemoryStrategy | Unset = UNSET
    model_parameters: ModelParameters | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        from ..models.agent_step_message_type_0 import AgentStepMessageType0 # noqa: PLC0415
        from ..models.agent_step_message_type_1 import AgentStepMessageType1 # noqa: PLC0415
        from ..models.agent_step_message_type_2 import AgentStepMessageType2 # noqa: PLC0415
        from ..models.agent_step_message_type_3 import AgentStepMessageType3 # noqa: PLC0415
        from ..models.agent_step_request_memory_strategy import AgentStepRequestMemoryStrategy # noqa: PLC0415
        from ..models.agent_step_request_tools_item import AgentStepRequestToolsItem # noqa: PLC0415
        from ..models.model_parameters import ModelParameters # noqa: PLC0415
        ai_provider_id = self.ai_provider_id

        messages = []
        for messages_item_data in self.messages:
            messages_item: dict[str, Any]
            if isinstance(messages_item_data, AgentStepMessageType0):
                messages_item = messages_item_data.to_dict()
            elif isinstance(messages_item_data, AgentStepMessageType1):
                messages_item = messages_item_data.to_dict()
            elif isinstance(messages_item_data, AgentStepMessageType2):
                messages_item = messages_item_data.to_dict()
            else:
                messages_item = messages_item_data.to_dict()

            messages.append(messages_item)



        model = self.model

        instructions = self.instructions

        tools: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.tools, Unset):
            tools = []
            for tools_item_data in self.tools:
                tools_item = tools_item_data.to_dict()
                tools.append(tools_item)



        memory_strategy: dict[str, Any] | Unset = UNSET
        if not isinstance(self.memory_strategy, Unset):
            memory_strategy = self.memory_strategy.to_dict()

        model_parameters: dict[str, Any] | Unset = UNSET
        if not isinstance(self.model_parameters, Unset):
            model_parameters = self.model_parameters.to_dict()


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "aiProviderId": ai_provider_id,
            "messages": messages,
        })
        if model is not UNSET:
            field_dict["model"] = model
        if instructions is not UNSET:
            field_dict["instructions"] = instructions
        if tools is not UNSET:
            field_dict["tools"] = tools
        if memory_strategy is not UNSET:
            field_dict["memoryStrategy"] = memory_strategy
        if model_parameters is not UNSET:
            field_dict["modelParameters"] = model_parameters

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.agent_step_message_type_0 import AgentStepMessageType0 # noqa: PLC0415
        from ..models.agent_step_message_type_1 import AgentStepMessageType1 # noqa: PLC0415
        from ..models.agent_step_message_type_2 import AgentStepMessageType2 # noqa: PLC0415
        from ..models.agent_step_message_type_3 import AgentStepMessageType3 # noqa: PLC0415
        from ..models.agent_step_request_memory_strategy import AgentStepRequestMemoryStrategy # noqa: PLC0415
        from ..models.agent_step_request_tools_item import AgentStepRequestToolsItem # noqa: PLC0415
        from ..models.model_parameters import ModelParameters # noqa: PLC0415
        d = dict(src_dict)
        ai_provider_id = d.pop("aiProviderId")

        messages = []
        _messages = d.pop("messages")
        for messages_item_data in (_messages):
            def _parse_messages_item(data: object) -> AgentStepMessageType0 | AgentStepMessageType1 | AgentStepMessageType2 | AgentStepMessageType3:
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_agent_step_message_type_0 = AgentStepMessageType0.from_dict(data)



                    return componentsschemas_agent_step_message_type_0
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_agent_step_message_type_1 = AgentStepMessageType1.from_dict(data)



                    return componentsschemas_agent_step_message_type_1
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_agent_step_message_type_2 = AgentStepMessageType2.from_dict(data)



                    return componentsschemas_agent_step_message_type_2
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_agent_step_message_type_3 = AgentStepMessageType3.from_dict(data)



                return componentsschemas_agent_step_message_type_3

            messages_item = _parse_messages_item(messages_item_data)

            messages.append(messages_item)


        model = d.pop("model", UNSET)

        instructions = d.pop("instructions", UNSET)

        _tools = d.pop("tools", UNSET)
        tools: list[AgentStepRequestToolsItem] | Unset = UNSET
        if _tools is not UNSET:
            tools = []
            for tools_item_data in _tools:
                tools_item = AgentStepRequestToolsItem.from_dict(tools_item_data)



                tools.append(tools_item)


        _memory_strategy = d.pop("memoryStrategy", UNSET)
        memory_strategy: AgentStepRequestMemoryStrategy | Unset
        if isinstance(_memory_strategy,  Unset):
            memory_strategy = UNSET
        else:
            memory_strategy = AgentStepRequestMemoryStrategy.from_dict(_memory_strategy)




        _model_parameters = d.pop("modelParameters", UNSET)
        model_parameters: ModelParameters | Unset
        if isinstance(_model_parameters,  Unset):
            model_parameters = UNSET
        else:
            model_parameters = ModelParameters.from_dict(_model_parameters)




        agent_step_request = cls(
            ai_provider_id=ai_provider_id,
            messages=messages,
            model=model,
            instructions=instructions,
            tools=tools,
            memory_strategy=memory_strategy,
            model_parameters=model_parameters,
        )

        return agent_step_request

