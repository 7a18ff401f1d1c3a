from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.tool_choice_type_0 import ToolChoiceType0
from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.chat_message_type_0 import ChatMessageType0
  from ..models.chat_message_type_1 import ChatMessageType1
  from ..models.chat_message_type_2 import ChatMessageType2
  from ..models.chat_message_type_3 import ChatMessageType3
  from ..models.scheduled_generate_request_metadata import ScheduledGenerateRequestMetadata
  from ..models.scheduled_generate_request_model_parameters import ScheduledGenerateRequestModelParameters
  from ..models.scheduled_generate_request_variables import ScheduledGenerateRequestVariables
  from ..models.step_rule import StepRule
  from ..models.stop_condition import StopCondition
  from ..models.tool_choice_type_1 import ToolChoiceType1





T = TypeVar("T", bound="ScheduledGenerateRequest")



@_attrs_define
class ScheduledGenerateRequest:
    """ 
        Attributes:
            prompt (str | Unset):  Example: Where is order 1042?.
            messages (list[ChatMessageType0 | ChatMessageType1 | ChatMessageType2 | ChatMessageType3] | Unset):
            tool_choice (ToolChoiceType0 | ToolChoiceType1 | Unset):
            active_tool_ids (list[str] | Unset):
            step_rules (list[StepRule] | Unset):
            stop_conditions (list[StopCondition] | Unset):
            max_steps (int | Unset):
            max_call_depth (int | Unset): Generations in a chain of nested calls (agent tools, platform create-agent-
                generation), this one included: 3 lets A call B and B call C, and C's nested call is an error result; 1 allows
                none. Default: 10.
            variables (ScheduledGenerateRequestVariables | Unset):
            session_id (str | Unset): Continue this session of the agent: its earlier turns are the history the model sees.
                A session waiting on agent_clarify takes the prompt as the answer instead. Example: ses_4kT9xQ2mZ8wR.
            session_key (str | Unset): Your own id of the conversation (a ticket number, `sess-1`, …), unique per agent
                within the project: the first turn opens a session with it, later ones continue it, as `sessionId` does. A
                conversational agent's only (422 otherwise); not with `sessionId`.
            end_user_id (str | Unset): Who this generation talks to: the scope of long-term memory (memory_save,
                memory_search, memory_forget and memoryRecall see only this end user's memories of this agent). Without it those
                tools refuse (docs/memory.md). Example: user-1042.
            model_parameters (ScheduledGenerateRequestModelParameters | Unset):
            metadata (ScheduledGenerateRequestMetadata | Unset):
     """

    prompt: str | Unset = UNSET
    messages: list[ChatMessageType0 | ChatMessageType1 | ChatMessageType2 | ChatMessageType3] | Unset = UNSET
    tool_choice: ToolChoiceType0 | ToolChoiceType1 | Unset = UNSET
    active_tool_ids: list[str] | Unset = UNSET
    step_rules: list[StepRule] | Unset = UNSET
    stop_conditions: list[StopCondition] | Unset = UNSET
    max_steps: int | Unset = UNSET
    max_call_depth: int | Unset = 10
    variables: ScheduledGenerateRequestVariables | Unset = UNSET
    session_id: str | Unset = UNSET
    session_key: str | Unset = UNSET
    end_user_id: str | Unset = UNSET
    model_parameters: ScheduledGenerateRequestModelParameters | Unset = UNSET
    metadata: ScheduledGenerateRequestMetadata | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        from ..models.chat_message_type_0 import ChatMessageType0 # noqa: PLC0415
        from ..models.chat_message_type_1 import ChatMessageType1 # noqa: PLC0415
        from ..models.chat_message_type_2 import ChatMessageType2 # noqa: PLC0415
        from ..models.chat_message_type_3 import ChatMessageType3 # noqa: PLC0415
        from ..models.scheduled_generate_request_metadata import ScheduledGenerateRequestMetadata # noqa: PLC0415
        from ..models.scheduled_generate_request_model_parameters import ScheduledGenerateRequestModelParameters # noqa: PLC0415
        from ..models.scheduled_generate_request_variables import ScheduledGenerateRequestVariables # noqa: PLC0415
        from ..models.step_rule import StepRule # noqa: PLC0415
        from ..models.stop_condition import StopCondition # noqa: PLC0415
        from ..models.tool_choice_type_1 import ToolChoiceType1 # noqa: PLC0415
        prompt = self.prompt

        messages: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.messages, Unset):
            messages = []
            for messages_item_data in self.messages:
                messages_item: dict[str, Any]
                if isinstance(messages_item_data, ChatMessageType0):
                    messages_item = messages_item_data.to_dict()
                elif isinstance(messages_item_data, ChatMessageType1):
                    messages_item = messages_item_data.to_dict()
                elif isinstance(messages_item_data, ChatMessageType2):
                    messages_item = messages_item_data.to_dict()
                else:
                    messages_item = messages_item_data.to_dict()

                messages.append(messages_item)



        tool_choice: dict[str, Any] | str | Unset
        if isinstance(self.tool_choice, Unset):
            tool_choice = UNSET
        elif isinstance(self.tool_choice, ToolChoiceType0):
            tool_choice = self.tool_choice.value
        else:
            tool_choice = self.tool_choice.to_dict()


        active_tool_ids: list[str] | Unset = UNSET
        if not isinstance(self.active_tool_ids, Unset):
            active_tool_ids = self.active_tool_ids



        step_rules: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.step_rules, Unset):
            step_rules = []
            for step_rules_item_data in self.step_rules:
                step_rules_item = step_rules_item_data.to_dict()
                step_rules.append(step_rules_item)



        stop_conditions: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.stop_conditions, Unset):
            stop_conditions = []
            for stop_conditions_item_data in self.stop_conditions:
                stop_conditions_item = stop_conditions_item_data.to_dict()
                stop_conditions.append(stop_conditions_item)



        max_steps = self.max_steps

        max_call_depth = self.max_call_depth

        variables: dict[str, Any] | Unset = UNSET
        if not isinstance(self.variables, Unset):
            variables = self.variables.to_dict()

        session_id = self.session_id

        session_key = self.session_key

        end_user_id = self.end_user_id

        model_parameters: dict[str, Any] | Unset = UNSET
        if not isinstance(self.model_parameters, Unset):
            model_parameters = self.model_parameters.to_dict()

        metadata: dict[str, Any] | Unset = UNSET
        if not isinstance(self.metadata, Unset):
            metadata = self.metadata.to_dict()


        field_dict: dict[str, Any] = {}

        field_dict.update({
        })
        if prompt is not UNSET:
            field_dict["prompt"] = prompt
        if messages is not UNSET:
            field_dict["messages"] = messages
        if tool_choice is not UNSET:
            field_dict["toolChoice"] = tool_choice
        if active_tool_ids is not UNSET:
            field_dict["activeToolIds"] = active_tool_ids
        if step_rules is not UNSET:
            field_dict["stepRules"] = step_rules
        if stop_conditions is not UNSET:
            field_dict["stopConditions"] = stop_conditions
        if max_steps is not UNSET:
            field_dict["maxSteps"] = max_steps
        if max_call_depth is not UNSET:
            field_dict["maxCallDepth"] = max_call_depth
        if variables is not UNSET:
            field_dict["variables"] = variables
        if session_id is not UNSET:
            field_dict["sessionId"] = session_id
        if session_key is not UNSET:
            field_dict["sessionKey"] = session_key
        if end_user_id is not UNSET:
            field_dict["endUserId"] = end_user_id
        if model_parameters is not UNSET:
            field_dict["modelParameters"] = model_parameters
        if metadata is not UNSET:
            field_dict["metadata"] = metadata

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.chat_message_type_0 import ChatMessageType0 # noqa: PLC0415
        from ..models.chat_message_type_1 import ChatMessageType1 # noqa: PLC0415
        from ..models.chat_message_type_2 import ChatMessageType2 # noqa: PLC0415
        from ..models.chat_message_type_3 import ChatMessageType3 # noqa: PLC0415
        from ..models.scheduled_generate_request_metadata import ScheduledGenerateRequestMetadata # noqa: PLC0415
        from ..models.scheduled_generate_request_model_parameters import ScheduledGenerateRequestModelParameters # noqa: PLC0415
        from ..models.scheduled_generate_request_variables import ScheduledGenerateRequestVariables # noqa: PLC0415
        from ..models.step_rule import StepRule # noqa: PLC0415
        from ..models.stop_condition import StopCondition # noqa: PLC0415
        from ..models.tool_choice_type_1 import ToolChoiceType1 # noqa: PLC0415
        d = dict(src_dict)
        prompt = d.pop("prompt", UNSET)

        _messages = d.pop("messages", UNSET)
        messages: list[ChatMessageType0 | ChatMessageType1 | ChatMessageType2 | ChatMessageType3] | Unset = UNSET
        if _messages is not UNSET:
            messages = []
            for messages_item_data in _messages:
                def _parse_messages_item(data: object) -> ChatMessageType0 | ChatMessageType1 | ChatMessageType2 | ChatMessageType3:
                    try:
                        if not isinstance(data, dict):
                            raise TypeError()
                        componentsschemas_chat_message_type_0 = ChatMessageType0.from_dict(data)



                        return componentsschemas_chat_message_type_0
                    except (TypeError, ValueError, AttributeError, KeyError):
                        pass
                    try:
                        if not isinstance(data, dict):
                            raise TypeError()
                        componentsschemas_chat_message_type_1 = ChatMessageType1.from_dict(data)



                        return componentsschemas_chat_message_type_1
                    except (TypeError, ValueError, AttributeError, KeyError):
                        pass
                    try:
                        if not isinstance(data, dict):
                            raise TypeError()
                        componentsschemas_chat_message_type_2 = ChatMessageType2.from_dict(data)



                        return componentsschemas_chat_message_type_2
                    except (TypeError, ValueError, AttributeError, KeyError):
                        pass
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_chat_message_type_3 = ChatMessageType3.from_dict(data)



                    return componentsschemas_chat_message_type_3

                messages_item = _parse_messages_item(messages_item_data)

                messages.append(messages_item)


        def _parse_tool_choice(data: object) -> ToolChoiceType0 | ToolChoiceType1 | Unset:
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                componentsschemas_tool_choice_type_0 = ToolChoiceType0(data)



                return componentsschemas_tool_choice_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            if not isinstance(data, dict):
                raise TypeError()
            componentsschemas_tool_choice_type_1 = ToolChoiceType1.from_dict(data)



            return componentsschemas_tool_choice_type_1

        tool_choice = _parse_tool_choice(d.pop("toolChoice", UNSET))


        active_tool_ids = cast(list[str], d.pop("activeToolIds", UNSET))


        _step_rules = d.pop("stepRules", UNSET)
        step_rules: list[StepRule] | Unset = UNSET
        if _step_rules is not UNSET:
            step_rules = []
            for step_rules_item_data in _step_rules:
                step_rules_item = StepRule.from_dict(step_rules_item_data)



                step_rules.append(step_rules_item)


        _stop_conditions = d.pop("stopConditions", UNSET)
        stop_conditions: list[StopCondition] | Unset = UNSET
        if _stop_conditions is not UNSET:
            stop_conditions = []
            for stop_conditions_item_data in _stop_conditions:
                stop_conditions_item = StopCondition.from_dict(stop_conditions_item_data)



                stop_conditions.append(stop_conditions_item)


        max_steps = d.pop("maxSteps", UNSET)

        max_call_depth = d.pop("maxCallDepth", UNSET)

        _variables = d.pop("variables", UNSET)
        variables: ScheduledGenerateRequestVariables | Unset
        if isinstance(_variables,  Unset):
            variables = UNSET
        else:
            variables = ScheduledGenerateRequestVariables.from_dict(_variables)




        session_id = d.pop("sessionId", UNSET)

        session_key = d.pop("sessionKey", UNSET)

        end_user_id = d.pop("endUserId", UNSET)

        _model_parameters = d.pop("modelParameters", UNSET)
        model_parameters: ScheduledGenerateRequestModelParameters | Unset
        if isinstance(_model_parameters,  Unset):
            model_parameters = UNSET
        else:
            model_parameters = ScheduledGenerateRequestModelParameters.from_dict(_model_parameters)




        _metadata = d.pop("metadata", UNSET)
        metadata: ScheduledGenerateRequestMetadata | Unset
        if isinstance(_metadata,  Unset):
            metadata = UNSET
        else:
            metadata = ScheduledGenerateRequestMetadata.from_dict(_metadata)




        scheduled_generate_request = cls(
            prompt=prompt,
            messages=messages,
            tool_choice=tool_choice,
            active_tool_ids=active_tool_ids,
            step_rules=step_rules,
            stop_conditions=stop_conditions,
            max_steps=max_steps,
            max_call_depth=max_call_depth,
            variables=variables,
            session_id=session_id,
            session_key=session_key,
            end_user_id=end_user_id,
            model_parameters=model_parameters,
            metadata=metadata,
        )

        return scheduled_generate_request

