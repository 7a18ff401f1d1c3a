from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.patch_agent_builtins_type_0 import PatchAgentBuiltinsType0
from ..models.patch_agent_builtins_type_1_item import PatchAgentBuiltinsType1Item
from ..models.patch_agent_context_resolvers_item import PatchAgentContextResolversItem
from ..models.patch_agent_multitask_strategy_type_0 import PatchAgentMultitaskStrategyType0
from ..models.patch_agent_require_approval_for_type_0 import PatchAgentRequireApprovalForType0
from ..models.patch_agent_tool_choice_type_0 import PatchAgentToolChoiceType0
from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.agent_inline_http_tool import AgentInlineHttpTool
  from ..models.agent_inline_mcp_server import AgentInlineMcpServer
  from ..models.branding import Branding
  from ..models.business_hours import BusinessHours
  from ..models.compaction_settings import CompactionSettings
  from ..models.guardrails import Guardrails
  from ..models.memory import Memory
  from ..models.model_parameters import ModelParameters
  from ..models.patch_agent_memory_recall_type_0 import PatchAgentMemoryRecallType0
  from ..models.patch_agent_tool_choice_type_1 import PatchAgentToolChoiceType1
  from ..models.policy import Policy
  from ..models.public_chat import PublicChat
  from ..models.step_rule import StepRule
  from ..models.stop_condition import StopCondition





T = TypeVar("T", bound="PatchAgent")



@_attrs_define
class PatchAgent:
    """ 
        Attributes:
            ai_provider_id (str | Unset):  Example: aip_4kT9xQ2mZ8wR.
            name (str | Unset):
            slug (str | Unset):
            description (None | str | Unset):
            instructions (None | str | Unset):
            builtins (list[PatchAgentBuiltinsType1Item] | None | PatchAgentBuiltinsType0 | Unset):
            goal (None | str | Unset):
            model (None | str | Unset):
            temperature (float | None | Unset):
            tool_ids (list[str] | Unset):
            custom_tools (list[AgentInlineHttpTool] | Unset):
            mcp_servers (list[AgentInlineMcpServer] | Unset):
            active_tool_ids (list[str] | None | Unset):
            tool_choice (None | PatchAgentToolChoiceType0 | PatchAgentToolChoiceType1 | Unset):
            step_rules (list[StepRule] | None | Unset):
            stop_conditions (list[StopCondition] | None | Unset):
            max_steps (int | None | Unset):
            boundary_policy (None | Policy | Unset):
            guardrails (Guardrails | None | Unset):
            conversational (bool | Unset):
            memory (Memory | None | Unset):
            context_window (int | None | Unset):
            approval_timeout_seconds (int | Unset):
            active (bool | Unset):
            public_chat (None | PublicChat | Unset):
            allow_clarification (bool | Unset):
            welcome_message (str | Unset):
            branding (Branding | Unset): Chat widget branding: primaryColor (#rrggbb).
            context_resolvers (list[PatchAgentContextResolversItem] | Unset):
            business_hours (BusinessHours | None | Unset):
            knowledge_base_ids (list[str] | Unset):
            model_parameters (ModelParameters | None | Unset):
            compaction (CompactionSettings | None | Unset):
            memory_recall (None | PatchAgentMemoryRecallType0 | Unset):
            multitask_strategy (None | PatchAgentMultitaskStrategyType0 | Unset):
            require_approval_for (None | PatchAgentRequireApprovalForType0 | Unset):
     """

    ai_provider_id: str | Unset = UNSET
    name: str | Unset = UNSET
    slug: str | Unset = UNSET
    description: None | str | Unset = UNSET
    instructions: None | str | Unset = UNSET
    builtins: list[PatchAgentBuiltinsType1Item] | None | PatchAgentBuiltinsType0 | Unset = UNSET
    goal: None | str | Unset = UNSET
    model: None | str | Unset = UNSET
    temperature: float | None | Unset = UNSET
    tool_ids: list[str] | Unset = UNSET
    custom_tools: list[AgentInlineHttpTool] | Unset = UNSET
    mcp_servers: list[AgentInlineMcpServer] | Unset = UNSET
    active_tool_ids: list[str] | None | Unset = UNSET
    tool_choice: None | PatchAgentToolChoiceType0 | PatchAgentToolChoiceType1 | Unset = UNSET
    step_rules: list[StepRule] | None | Unset = UNSET
    stop_conditions: list[StopCondition] | None | Unset = UNSET
    max_steps: int | None | Unset = UNSET
    boundary_policy: None | Policy | Unset = UNSET
    guardrails: Guardrails | None | Unset = UNSET
    conversational: bool | Unset = UNSET
    memory: Memory | None | Unset = UNSET
    context_window: int | None | Unset = UNSET
    approval_timeout_seconds: int | Unset = UNSET
    active: bool | Unset = UNSET
    public_chat: None | PublicChat | Unset = UNSET
    allow_clarification: bool | Unset = UNSET
    welcome_message: str | Unset = UNSET
    branding: Branding | Unset = UNSET
    context_resolvers: list[PatchAgentContextResolversItem] | Unset = UNSET
    business_hours: BusinessHours | None | Unset = UNSET
    knowledge_base_ids: list[str] | Unset = UNSET
    model_parameters: ModelParameters | None | Unset = UNSET
    compaction: CompactionSettings | None | Unset = UNSET
    memory_recall: None | PatchAgentMemoryRecallType0 | Unset = UNSET
    multitask_strategy: None | PatchAgentMultitaskStrategyType0 | Unset = UNSET
    require_approval_for: None | PatchAgentRequireApprovalForType0 | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        from ..models.agent_inline_http_tool import AgentInlineHttpTool # noqa: PLC0415
        from ..models.agent_inline_mcp_server import AgentInlineMcpServer # noqa: PLC0415
        from ..models.branding import Branding # noqa: PLC0415
        from ..models.business_hours import BusinessHours # noqa: PLC0415
        from ..models.compaction_settings import CompactionSettings # noqa: PLC0415
        from ..models.guardrails import Guardrails # noqa: PLC0415
        from ..models.memory import Memory # noqa: PLC0415
        from ..models.model_parameters import ModelParameters # noqa: PLC0415
        from ..models.patch_agent_memory_recall_type_0 import PatchAgentMemoryRecallType0 # noqa: PLC0415
        from ..models.patch_agent_tool_choice_type_1 import PatchAgentToolChoiceType1 # noqa: PLC0415
        from ..models.policy import Policy # noqa: PLC0415
        from ..models.public_chat import PublicChat # noqa: PLC0415
        from ..models.step_rule import StepRule # noqa: PLC0415
        from ..models.stop_condition import StopCondition # noqa: PLC0415
        ai_provider_id = self.ai_provider_id

        name = self.name

        slug = self.slug

        description: None | str | Unset
        if isinstance(self.description, Unset):
            description = UNSET
        else:
            description = self.description

        instructions: None | str | Unset
        if isinstance(self.instructions, Unset):
            instructions = UNSET
        else:
            instructions = self.instructions

        builtins: list[str] | None | str | Unset
        if isinstance(self.builtins, Unset):
            builtins = UNSET
        elif isinstance(self.builtins, PatchAgentBuiltinsType0):
            builtins = self.builtins.value
        elif isinstance(self.builtins, list):
            builtins = []
            for builtins_type_1_item_data in self.builtins:
                builtins_type_1_item = builtins_type_1_item_data.value
                builtins.append(builtins_type_1_item)


        else:
            builtins = self.builtins

        goal: None | str | Unset
        if isinstance(self.goal, Unset):
            goal = UNSET
        else:
            goal = self.goal

        model: None | str | Unset
        if isinstance(self.model, Unset):
            model = UNSET
        else:
            model = self.model

        temperature: float | None | Unset
        if isinstance(self.temperature, Unset):
            temperature = UNSET
        else:
            temperature = self.temperature

        tool_ids: list[str] | Unset = UNSET
        if not isinstance(self.tool_ids, Unset):
            tool_ids = self.tool_ids



        custom_tools: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.custom_tools, Unset):
            custom_tools = []
            for custom_tools_item_data in self.custom_tools:
                custom_tools_item = custom_tools_item_data.to_dict()
                custom_tools.append(custom_tools_item)



        mcp_servers: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.mcp_servers, Unset):
            mcp_servers = []
            for mcp_servers_item_data in self.mcp_servers:
                mcp_servers_item = mcp_servers_item_data.to_dict()
                mcp_servers.append(mcp_servers_item)



        active_tool_ids: list[str] | None | Unset
        if isinstance(self.active_tool_ids, Unset):
            active_tool_ids = UNSET
        elif isinstance(self.active_tool_ids, list):
            active_tool_ids = self.active_tool_ids


        else:
            active_tool_ids = self.active_tool_ids

        tool_choice: dict[str, Any] | None | str | Unset
        if isinstance(self.tool_choice, Unset):
            tool_choice = UNSET
        elif isinstance(self.tool_choice, PatchAgentToolChoiceType0):
            tool_choice = self.tool_choice.value
        elif isinstance(self.tool_choice, PatchAgentToolChoiceType1):
            tool_choice = self.tool_choice.to_dict()
        else:
            tool_choice = self.tool_choice

        step_rules: list[dict[str, Any]] | None | Unset
        if isinstance(self.step_rules, Unset):
            step_rules = UNSET
        elif isinstance(self.step_rules, list):
            step_rules = []
            for step_rules_type_0_item_data in self.step_rules:
                step_rules_type_0_item = step_rules_type_0_item_data.to_dict()
                step_rules.append(step_rules_type_0_item)


        else:
            step_rules = self.step_rules

        stop_conditions: list[dict[str, Any]] | None | Unset
        if isinstance(self.stop_conditions, Unset):
            stop_conditions = UNSET
        elif isinstance(self.stop_conditions, list):
            stop_conditions = []
            for stop_conditions_type_0_item_data in self.stop_conditions:
                stop_conditions_type_0_item = stop_conditions_type_0_item_data.to_dict()
                stop_conditions.append(stop_conditions_type_0_item)


        else:
            stop_conditions = self.stop_conditions

        max_steps: int | None | Unset
        if isinstance(self.max_steps, Unset):
            max_steps = UNSET
        else:
            max_steps = self.max_steps

        boundary_policy: dict[str, Any] | None | Unset
        if isinstance(self.boundary_policy, Unset):
            boundary_policy = UNSET
        elif isinstance(self.boundary_policy, Policy):
            boundary_policy = self.boundary_policy.to_dict()
        else:
            boundary_policy = self.boundary_policy

        guardrails: dict[str, Any] | None | Unset
        if isinstance(self.guardrails, Unset):
            guardrails = UNSET
        elif isinstance(self.guardrails, Guardrails):
            guardrails = self.guardrails.to_dict()
        else:
            guardrails = self.guardrails

        conversational = self.conversational

        memory: dict[str, Any] | None | Unset
        if isinstance(self.memory, Unset):
            memory = UNSET
        elif isinstance(self.memory, Memory):
            memory = self.memory.to_dict()
        else:
            memory = self.memory

        context_window: int | None | Unset
        if isinstance(self.context_window, Unset):
            context_window = UNSET
        else:
            context_window = self.context_window

        approval_timeout_seconds = self.approval_timeout_seconds

        active = self.active

        public_chat: dict[str, Any] | None | Unset
        if isinstance(self.public_chat, Unset):
            public_chat = UNSET
        elif isinstance(self.public_chat, PublicChat):
            public_chat = self.public_chat.to_dict()
        else:
            public_chat = self.public_chat

        allow_clarification = self.allow_clarification

        welcome_message = self.welcome_message

        branding: dict[str, Any] | Unset = UNSET
        if not isinstance(self.branding, Unset):
            branding = self.branding.to_dict()

        context_resolvers: list[str] | Unset = UNSET
        if not isinstance(self.context_resolvers, Unset):
            context_resolvers = []
            for context_resolvers_item_data in self.context_resolvers:
                context_resolvers_item = context_resolvers_item_data.value
                context_resolvers.append(context_resolvers_item)



        business_hours: dict[str, Any] | None | Unset
        if isinstance(self.business_hours, Unset):
            business_hours = UNSET
        elif isinstance(self.business_hours, BusinessHours):
            business_hours = self.business_hours.to_dict()
        else:
            business_hours = self.business_hours

        knowledge_base_ids: list[str] | Unset = UNSET
        if not isinstance(self.knowledge_base_ids, Unset):
            knowledge_base_ids = self.knowledge_base_ids



        model_parameters: dict[str, Any] | None | Unset
        if isinstance(self.model_parameters, Unset):
            model_parameters = UNSET
        elif isinstance(self.model_parameters, ModelParameters):
            model_parameters = self.model_parameters.to_dict()
        else:
            model_parameters = self.model_parameters

        compaction: dict[str, Any] | None | Unset
        if isinstance(self.compaction, Unset):
            compaction = UNSET
        elif isinstance(self.compaction, CompactionSettings):
            compaction = self.compaction.to_dict()
        else:
            compaction = self.compaction

        memory_recall: dict[str, Any] | None | Unset
        if isinstance(self.memory_recall, Unset):
            memory_recall = UNSET
        elif isinstance(self.memory_recall, PatchAgentMemoryRecallType0):
            memory_recall = self.memory_recall.to_dict()
        else:
            memory_recall = self.memory_recall

        multitask_strategy: None | str | Unset
        if isinstance(self.multitask_strategy, Unset):
            multitask_strategy = UNSET
        elif isinstance(self.multitask_strategy, PatchAgentMultitaskStrategyType0):
            multitask_strategy = self.multitask_strategy.value
        else:
            multitask_strategy = self.multitask_strategy

        require_approval_for: None | str | Unset
        if isinstance(self.require_approval_for, Unset):
            require_approval_for = UNSET
        elif isinstance(self.require_approval_for, PatchAgentRequireApprovalForType0):
            require_approval_for = self.require_approval_for.value
        else:
            require_approval_for = self.require_approval_for


        field_dict: dict[str, Any] = {}

        field_dict.update({
        })
        if ai_provider_id is not UNSET:
            field_dict["aiProviderId"] = ai_provider_id
        if name is not UNSET:
            field_dict["name"] = name
        if slug is not UNSET:
            field_dict["slug"] = slug
        if description is not UNSET:
            field_dict["description"] = description
        if instructions is not UNSET:
            field_dict["instructions"] = instructions
        if builtins is not UNSET:
            field_dict["builtins"] = builtins
        if goal is not UNSET:
            field_dict["goal"] = goal
        if model is not UNSET:
            field_dict["model"] = model
        if temperature is not UNSET:
            field_dict["temperature"] = temperature
        if tool_ids is not UNSET:
            field_dict["toolIds"] = tool_ids
        if custom_tools is not UNSET:
            field_dict["customTools"] = custom_tools
        if mcp_servers is not UNSET:
            field_dict["mcpServers"] = mcp_servers
        if active_tool_ids is not UNSET:
            field_dict["activeToolIds"] = active_tool_ids
        if tool_choice is not UNSET:
            field_dict["toolChoice"] = tool_choice
        if step_rules is not UNSET:
            field_dict["stepRules"] = step_rules
        if stop_conditions is not UNSET:
            field_dict["stopConditions"] = stop_conditions
        if max_steps is not UNSET:
            field_dict["maxSteps"] = max_steps
        if boundary_policy is not UNSET:
            field_dict["boundaryPolicy"] = boundary_policy
        if guardrails is not UNSET:
            field_dict["guardrails"] = guardrails
        if conversational is not UNSET:
            field_dict["conversational"] = conversational
        if memory is not UNSET:
            field_dict["memory"] = memory
        if context_window is not UNSET:
            field_dict["contextWindow"] = context_window
        if approval_timeout_seconds is not UNSET:
            field_dict["approvalTimeoutSeconds"] = approval_timeout_seconds
        if active is not UNSET:
            field_dict["active"] = active
        if public_chat is not UNSET:
            field_dict["publicChat"] = public_chat
        if allow_clarification is not UNSET:
            field_dict["allowClarification"] = allow_clarification
        if welcome_message is not UNSET:
            field_dict["welcomeMessage"] = welcome_message
        if branding is not UNSET:
            field_dict["branding"] = branding
        if context_resolvers is not UNSET:
            field_dict["contextResolvers"] = context_resolvers
        if business_hours is not UNSET:
            field_dict["businessHours"] = business_hours
        if knowledge_base_ids is not UNSET:
            field_dict["knowledgeBaseIds"] = knowledge_base_ids
        if model_parameters is not UNSET:
            field_dict["modelParameters"] = model_parameters
        if compaction is not UNSET:
            field_dict["compaction"] = compaction
        if memory_recall is not UNSET:
            field_dict["memoryRecall"] = memory_recall
        if multitask_strategy is not UNSET:
            field_dict["multitaskStrategy"] = multitask_strategy
        if require_approval_for is not UNSET:
            field_dict["requireApprovalFor"] = require_approval_for

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.agent_inline_http_tool import AgentInlineHttpTool # noqa: PLC0415
        from ..models.agent_inline_mcp_server import AgentInlineMcpServer # noqa: PLC0415
        from ..models.branding import Branding # noqa: PLC0415
        from ..models.business_hours import BusinessHours # noqa: PLC0415
        from ..models.compaction_settings import CompactionSettings # noqa: PLC0415
        from ..models.guardrails import Guardrails # noqa: PLC0415
        from ..models.memory import Memory # noqa: PLC0415
        from ..models.model_parameters import ModelParameters # noqa: PLC0415
        from ..models.patch_agent_memory_recall_type_0 import PatchAgentMemoryRecallType0 # noqa: PLC0415
        from ..models.patch_agent_tool_choice_type_1 import PatchAgentToolChoiceType1 # noqa: PLC0415
        from ..models.policy import Policy # noqa: PLC0415
        from ..models.public_chat import PublicChat # noqa: PLC0415
        from ..models.step_rule import StepRule # noqa: PLC0415
        from ..models.stop_condition import StopCondition # noqa: PLC0415
        d = dict(src_dict)
        ai_provider_id = d.pop("aiProviderId", UNSET)

        name = d.pop("name", UNSET)

        slug = d.pop("slug", UNSET)

        def _parse_description(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        description = _parse_description(d.pop("description", UNSET))


        def _parse_instructions(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        instructions = _parse_instructions(d.pop("instructions", UNSET))


        def _parse_builtins(data: object) -> list[PatchAgentBuiltinsType1Item] | None | PatchAgentBuiltinsType0 | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                builtins_type_0 = PatchAgentBuiltinsType0(data)



                return builtins_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, list):
                    raise TypeError()
                builtins_type_1 = []
                _builtins_type_1 = data
                for builtins_type_1_item_data in (_builtins_type_1):
                    builtins_type_1_item = PatchAgentBuiltinsType1Item(builtins_type_1_item_data)



                    builtins_type_1.append(builtins_type_1_item)

                return builtins_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[PatchAgentBuiltinsType1Item] | None | PatchAgentBuiltinsType0 | Unset, data)

        builtins = _parse_builtins(d.pop("builtins", UNSET))


        def _parse_goal(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        goal = _parse_goal(d.pop("goal", UNSET))


        def _parse_model(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        model = _parse_model(d.pop("model", UNSET))


        def _parse_temperature(data: object) -> float | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(float | None | Unset, data)

        temperature = _parse_temperature(d.pop("temperature", UNSET))


        tool_ids = cast(list[str], d.pop("toolIds", UNSET))


        _custom_tools = d.pop("customTools", UNSET)
        custom_tools: list[AgentInlineHttpTool] | Unset = UNSET
        if _custom_tools is not UNSET:
            custom_tools = []
            for custom_tools_item_data in _custom_tools:
                custom_tools_item = AgentInlineHttpTool.from_dict(custom_tools_item_data)



                custom_tools.append(custom_tools_item)


        _mcp_servers = d.pop("mcpServers", UNSET)
        mcp_servers: list[AgentInlineMcpServer] | Unset = UNSET
        if _mcp_servers is not UNSET:
            mcp_servers = []
            for mcp_servers_item_data in _mcp_servers:
                mcp_servers_item = AgentInlineMcpServer.from_dict(mcp_servers_item_data)



                mcp_servers.append(mcp_servers_item)


        def _parse_active_tool_ids(data: object) -> list[str] | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                active_tool_ids_type_0 = cast(list[str], data)

                return active_tool_ids_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[str] | None | Unset, data)

        active_tool_ids = _parse_active_tool_ids(d.pop("activeToolIds", UNSET))


        def _parse_tool_choice(data: object) -> None | PatchAgentToolChoiceType0 | PatchAgentToolChoiceType1 | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                tool_choice_type_0 = PatchAgentToolChoiceType0(data)



                return tool_choice_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                tool_choice_type_1 = PatchAgentToolChoiceType1.from_dict(data)



                return tool_choice_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | PatchAgentToolChoiceType0 | PatchAgentToolChoiceType1 | Unset, data)

        tool_choice = _parse_tool_choice(d.pop("toolChoice", UNSET))


        def _parse_step_rules(data: object) -> list[StepRule] | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                step_rules_type_0 = []
                _step_rules_type_0 = data
                for step_rules_type_0_item_data in (_step_rules_type_0):
                    step_rules_type_0_item = StepRule.from_dict(step_rules_type_0_item_data)



                    step_rules_type_0.append(step_rules_type_0_item)

                return step_rules_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[StepRule] | None | Unset, data)

        step_rules = _parse_step_rules(d.pop("stepRules", UNSET))


        def _parse_stop_conditions(data: object) -> list[StopCondition] | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                stop_conditions_type_0 = []
                _stop_conditions_type_0 = data
                for stop_conditions_type_0_item_data in (_stop_conditions_type_0):
                    stop_conditions_type_0_item = StopCondition.from_dict(stop_conditions_type_0_item_data)



                    stop_conditions_type_0.append(stop_conditions_type_0_item)

                return stop_conditions_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[StopCondition] | None | Unset, data)

        stop_conditions = _parse_stop_conditions(d.pop("stopConditions", UNSET))


        def _parse_max_steps(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        max_steps = _parse_max_steps(d.pop("maxSteps", UNSET))


        def _parse_boundary_policy(data: object) -> None | Policy | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                boundary_policy_type_0 = Policy.from_dict(data)



                return boundary_policy_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | Policy | Unset, data)

        boundary_policy = _parse_boundary_policy(d.pop("boundaryPolicy", UNSET))


        def _parse_guardrails(data: object) -> Guardrails | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                guardrails_type_0 = Guardrails.from_dict(data)



                return guardrails_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(Guardrails | None | Unset, data)

        guardrails = _parse_guardrails(d.pop("guardrails", UNSET))


        conversational = d.pop("conversational", UNSET)

        def _parse_memory(data: object) -> Memory | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                memory_type_0 = Memory.from_dict(data)



                return memory_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(Memory | None | Unset, data)

        memory = _parse_memory(d.pop("memory", UNSET))


        def _parse_context_window(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        context_window = _parse_context_window(d.pop("contextWindow", UNSET))


        approval_timeout_seconds = d.pop("approvalTimeoutSeconds", UNSET)

        active = d.pop("active", UNSET)

        def _parse_public_chat(data: object) -> None | PublicChat | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                public_chat_type_0 = PublicChat.from_dict(data)



                return public_chat_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | PublicChat | Unset, data)

        public_chat = _parse_public_chat(d.pop("publicChat", UNSET))


        allow_clarification = d.pop("allowClarification", UNSET)

        welcome_message = d.pop("welcomeMessage", UNSET)

        _branding = d.pop("branding", UNSET)
        branding: Branding | Unset
        if isinstance(_branding,  Unset):
            branding = UNSET
        else:
            branding = Branding.from_dict(_branding)




        _context_resolvers = d.pop("contextResolvers", UNSET)
        context_resolvers: list[PatchAgentContextResolversItem] | Unset = UNSET
        if _context_resolvers is not UNSET:
            context_resolvers = []
            for context_resolvers_item_data in _context_resolvers:
                context_resolvers_item = PatchAgentContextResolversItem(context_resolvers_item_data)



                context_resolvers.append(context_resolvers_item)


        def _parse_business_hours(data: object) -> BusinessHours | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                business_hours_type_0 = BusinessHours.from_dict(data)



                return business_hours_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(BusinessHours | None | Unset, data)

        business_hours = _parse_business_hours(d.pop("businessHours", UNSET))


        knowledge_base_ids = cast(list[str], d.pop("knowledgeBaseIds", UNSET))


        def _parse_model_parameters(data: object) -> ModelParameters | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                model_parameters_type_0 = ModelParameters.from_dict(data)



                return model_parameters_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(ModelParameters | None | Unset, data)

        model_parameters = _parse_model_parameters(d.pop("modelParameters", UNSET))


        def _parse_compaction(data: object) -> CompactionSettings | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                compaction_type_0 = CompactionSettings.from_dict(data)



                return compaction_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(CompactionSettings | None | Unset, data)

        compaction = _parse_compaction(d.pop("compaction", UNSET))


        def _parse_memory_recall(data: object) -> None | PatchAgentMemoryRecallType0 | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                memory_recall_type_0 = PatchAgentMemoryRecallType0.from_dict(data)



                return memory_recall_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | PatchAgentMemoryRecallType0 | Unset, data)

        memory_recall = _parse_memory_recall(d.pop("memoryRecall", UNSET))


        def _parse_multitask_strategy(data: object) -> None | PatchAgentMultitaskStrategyType0 | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                multitask_strategy_type_0 = PatchAgentMultitaskStrategyType0(data)



                return multitask_strategy_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | PatchAgentMultitaskStrategyType0 | Unset, data)

        multitask_strategy = _parse_multitask_strategy(d.pop("multitaskStrategy", UNSET))


        def _parse_require_approval_for(data: object) -> None | PatchAgentRequireApprovalForType0 | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                require_approval_for_type_0 = PatchAgentRequireApprovalForType0(data)



                return require_approval_for_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | PatchAgentRequireApprovalForType0 | Unset, data)

        require_approval_for = _parse_require_approval_for(d.pop("requireApprovalFor", UNSET))


        patch_agent = cls(
            ai_provider_id=ai_provider_id,
            name=name,
            slug=slug,
            description=description,
            instructions=instructions,
            builtins=builtins,
            goal=goal,
            model=model,
            temperature=temperature,
            tool_ids=tool_ids,
            custom_tools=custom_tools,
            mcp_servers=mcp_servers,
            active_tool_ids=active_tool_ids,
            tool_choice=tool_choice,
            step_rules=step_rules,
            stop_conditions=stop_conditions,
            max_steps=max_steps,
            boundary_policy=boundary_policy,
            guardrails=guardrails,
            conversational=conversational,
            memory=memory,
            context_window=context_window,
            approval_timeout_seconds=approval_timeout_seconds,
            active=active,
            public_chat=public_chat,
            allow_clarification=allow_clarification,
            welcome_message=welcome_message,
            branding=branding,
            context_resolvers=context_resolvers,
            business_hours=business_hours,
            knowledge_base_ids=knowledge_base_ids,
            model_parameters=model_parameters,
            compaction=compaction,
            memory_recall=memory_recall,
            multitask_strategy=multitask_strategy,
            require_approval_for=require_approval_for,
        )

        return patch_agent

