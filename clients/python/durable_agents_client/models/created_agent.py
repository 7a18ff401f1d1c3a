from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.agent_builtins_type_0 import AgentBuiltinsType0
from ..models.agent_context_resolvers_item import AgentContextResolversItem
from ..models.agent_multitask_strategy import AgentMultitaskStrategy
from ..models.agent_require_approval_for_type_1 import AgentRequireApprovalForType1
from ..models.agent_require_approval_for_type_2_type_1 import AgentRequireApprovalForType2Type1
from ..models.agent_require_approval_for_type_3_type_1 import AgentRequireApprovalForType3Type1
from ..models.agent_tool_choice_type_0 import AgentToolChoiceType0
from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.agent_branding import AgentBranding
  from ..models.agent_guardrails_type_0 import AgentGuardrailsType0
  from ..models.agent_memory_recall_type_0 import AgentMemoryRecallType0
  from ..models.agent_memory_type_0 import AgentMemoryType0
  from ..models.agent_public_chat_type_0 import AgentPublicChatType0
  from ..models.agent_tool import AgentTool
  from ..models.agent_tool_choice_type_1 import AgentToolChoiceType1
  from ..models.business_hours import BusinessHours
  from ..models.compaction_settings import CompactionSettings
  from ..models.model_parameters import ModelParameters
  from ..models.policy import Policy
  from ..models.step_rule import StepRule
  from ..models.stop_condition import StopCondition





T = TypeVar("T", bound="CreatedAgent")



@_attrs_define
class CreatedAgent:
    """ 
        Attributes:
            id (str):
            project_id (str):
            ai_provider_id (str):
            name (str):
            slug (str):
            description (None | str):
            instructions (None | str):
            model (None | str):
            temperature (float | None):
            tool_ids (list[str]):
            custom_tools (list[AgentTool]): The http tools the agent owns, as GET /v1/tools shows them.
            mcp_servers (list[AgentTool]): The mcp tools the agent owns, as GET /v1/tools shows them.
            active_tool_ids (list[str] | None):
            tool_choice (AgentToolChoiceType0 | AgentToolChoiceType1 | None):
            step_rules (list[StepRule] | None):
            stop_conditions (list[StopCondition] | None):
            max_steps (float):
            boundary_policy (None | Policy):
            guardrails (AgentGuardrailsType0 | None):
            conversational (bool):
            memory (AgentMemoryType0 | None):
            context_window (float | None):
            approval_timeout_seconds (float):
            active (bool):
            public_chat (AgentPublicChatType0 | None):
            public_chat_key_prefix (None | str): Prefix of the public-chat key (the key itself is shown only once).
            allow_clarification (bool):
            knowledge_base_ids (list[str]):
            builtins (AgentBuiltinsType0 | list[str] | None):
            require_approval_for (AgentRequireApprovalForType1 | AgentRequireApprovalForType2Type1 |
                AgentRequireApprovalForType3Type1 | None):
            multitask_strategy (AgentMultitaskStrategy): The default for turns of a busy session (reject unless set).
            welcome_message (str):
            branding (AgentBranding):
            context_resolvers (list[AgentContextResolversItem]):
            business_hours (BusinessHours | None):
            model_parameters (ModelParameters | None):
            compaction (CompactionSettings | None):
            memory_recall (AgentMemoryRecallType0 | None):
            created_at (str):
            updated_at (str):
            public_chat_key (str | Unset): Only when publicChat.enabled at creation: the X-Agent-Key, shown only in this
                response.
     """

    id: str
    project_id: str
    ai_provider_id: str
    name: str
    slug: str
    description: None | str
    instructions: None | str
    model: None | str
    temperature: float | None
    tool_ids: list[str]
    custom_tools: list[AgentTool]
    mcp_servers: list[AgentTool]
    active_tool_ids: list[str] | None
    tool_choice: AgentToolChoiceType0 | AgentToolChoiceType1 | None
    step_rules: list[StepRule] | None
    stop_conditions: list[StopCondition] | None
    max_steps: float
    boundary_policy: None | Policy
    guardrails: AgentGuardrailsType0 | None
    conversational: bool
    memory: AgentMemoryType0 | None
    context_window: float | None
    approval_timeout_seconds: float
    active: bool
    public_chat: AgentPublicChatType0 | None
    public_chat_key_prefix: None | str
    allow_clarification: bool
    knowledge_base_ids: list[str]
    builtins: AgentBuiltinsType0 | list[str] | None
    require_approval_for: AgentRequireApprovalForType1 | AgentRequireApprovalForType2Type1 | AgentRequireApprovalForType3Type1 | None
    multitask_strategy: AgentMultitaskStrategy
    welcome_message: str
    branding: AgentBranding
    context_resolvers: list[AgentContextResolversItem]
    business_hours: BusinessHours | None
    model_parameters: ModelParameters | None
    compaction: CompactionSettings | None
    memory_recall: AgentMemoryRecallType0 | None
    created_at: str
    updated_at: str
    public_chat_key: str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.agent_branding import AgentBranding # noqa: PLC0415
        from ..models.agent_guardrails_type_0 import AgentGuardrailsType0 # noqa: PLC0415
        from ..models.agent_memory_recall_type_0 import AgentMemoryRecallType0 # noqa: PLC0415
        from ..models.agent_memory_type_0 import AgentMemoryType0 # noqa: PLC0415
        from ..models.agent_public_chat_type_0 import AgentPublicChatType0 # noqa: PLC0415
        from ..models.agent_tool import AgentTool # noqa: PLC0415
        from ..models.agent_tool_choice_type_1 import AgentToolChoiceType1 # noqa: PLC0415
        from ..models.business_hours import BusinessHours # noqa: PLC0415
        from ..models.compaction_settings import CompactionSettings # noqa: PLC0415
        from ..models.model_parameters import ModelParameters # noqa: PLC0415
        from ..models.policy import Policy # noqa: PLC0415
        from ..models.step_rule import StepRule # noqa: PLC0415
        from ..models.stop_condition import StopCondition # noqa: PLC0415
        id = self.id

        project_id = self.project_id

        ai_provider_id = self.ai_provider_id

        name = self.name

        slug = self.slug

        description: None | str
        description = self.description

        instructions: None | str
        instructions = self.instructions

        model: None | str
        model = self.model

        temperature: float | None
        temperature = self.temperature

        tool_ids = self.tool_ids



        custom_tools = []
        for custom_tools_item_data in self.custom_tools:
            custom_tools_item = custom_tools_item_data.to_dict()
            custom_tools.append(custom_tools_item)



        mcp_servers = []
        for mcp_servers_item_data in self.mcp_servers:
            mcp_servers_item = mcp_servers_item_data.to_dict()
            mcp_servers.append(mcp_servers_item)



        active_tool_ids: list[str] | None
        if isinstance(self.active_tool_ids, list):
            active_tool_ids = self.active_tool_ids


        else:
            active_tool_ids = self.active_tool_ids

        tool_choice: dict[str, Any] | None | str
        if isinstance(self.tool_choice, AgentToolChoiceType0):
            tool_choice = self.tool_choice.value
        elif isinstance(self.tool_choice, AgentToolChoiceType1):
            tool_choice = self.tool_choice.to_dict()
        else:
            tool_choice = self.tool_choice

        step_rules: list[dict[str, Any]] | None
        if isinstance(self.step_rules, list):
            step_rules = []
            for step_rules_type_0_item_data in self.step_rules:
                step_rules_type_0_item = step_rules_type_0_item_data.to_dict()
                step_rules.append(step_rules_type_0_item)


        else:
            step_rules = self.step_rules

        stop_conditions: list[dict[str, Any]] | None
        if isinstance(self.stop_conditions, list):
            stop_conditions = []
            for stop_conditions_type_0_item_data in self.stop_conditions:
                stop_conditions_type_0_item = stop_conditions_type_0_item_data.to_dict()
                stop_conditions.append(stop_conditions_type_0_item)


        else:
            stop_conditions = self.stop_conditions

        max_steps = self.max_steps

        boundary_policy: dict[str, Any] | None
        if isinstance(self.boundary_policy, Policy):
            boundary_policy = self.boundary_policy.to_dict()
        else:
            boundary_policy = self.boundary_policy

        guardrails: dict[str, Any] | None
        if isinstance(self.guardrails, AgentGuardrailsType0):
            guardrails = self.guardrails.to_dict()
        else:
            guardrails = self.guardrails

        conversational = self.conversational

        memory: dict[str, Any] | None
        if isinstance(self.memory, AgentMemoryType0):
            memory = self.memory.to_dict()
        else:
            memory = self.memory

        context_window: float | None
        context_window = self.context_window

        approval_timeout_seconds = self.approval_timeout_seconds

        active = self.active

        public_chat: dict[str, Any] | None
        if isinstance(self.public_chat, AgentPublicChatType0):
            public_chat = self.public_chat.to_dict()
        else:
            public_chat = self.public_chat

        public_chat_key_prefix: None | str
        public_chat_key_prefix = self.public_chat_key_prefix

        allow_clarification = self.allow_clarification

        knowledge_base_ids = self.knowledge_base_ids



        builtins: list[str] | None | str
        if isinstance(self.builtins, AgentBuiltinsType0):
            builtins = self.builtins.value
        elif isinstance(self.builtins, list):
            builtins = self.builtins


        else:
            builtins = self.builtins

        require_approval_for: None | str
        if isinstance(self.require_approval_for, AgentRequireApprovalForType1):
            require_approval_for = self.require_approval_for.value
        elif isinstance(self.require_approval_for, AgentRequireApprovalForType2Type1):
            require_approval_for = self.require_approval_for.value
        elif isinstance(self.require_approval_for, AgentRequireApprovalForType3Type1):
            require_approval_for = self.require_approval_for.value
        else:
            require_approval_for = self.require_approval_for

        multitask_strategy = self.multitask_strategy.value

        welcome_message = self.welcome_message

        branding = self.branding.to_dict()

        context_resolvers = []
        for context_resolvers_item_data in self.context_resolvers:
            context_resolvers_item = context_resolvers_item_data.value
            context_resolvers.append(context_resolvers_item)



        business_hours: dict[str, Any] | None
        if isinstance(self.business_hours, BusinessHours):
            business_hours = self.business_hours.to_dict()
        else:
            business_hours = self.business_hours

        model_parameters: dict[str, Any] | None
        if isinstance(self.model_parameters, ModelParameters):
            model_parameters = self.model_parameters.to_dict()
        else:
            model_parameters = self.model_parameters

        compaction: dict[str, Any] | None
        if isinstance(self.compaction, CompactionSettings):
            compaction = self.compaction.to_dict()
        else:
            compaction = self.compaction

        memory_recall: dict[str, Any] | None
        if isinstance(self.memory_recall, AgentMemoryRecallType0):
            memory_recall = self.memory_recall.to_dict()
        else:
            memory_recall = self.memory_recall

        created_at = self.created_at

        updated_at = self.updated_at

        public_chat_key = self.public_chat_key


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "id": id,
            "projectId": project_id,
            "aiProviderId": ai_provider_id,
            "name": name,
            "slug": slug,
            "description": description,
            "instructions": instructions,
            "model": model,
            "temperature": temperature,
            "toolIds": tool_ids,
            "customTools": custom_tools,
            "mcpServers": mcp_servers,
            "activeToolIds": active_tool_ids,
            "toolChoice": tool_choice,
            "stepRules": step_rules,
            "stopConditions": stop_conditions,
            "maxSteps": max_steps,
            "boundaryPolicy": boundary_policy,
            "guardrails": guardrails,
            "conversational": conversational,
            "memory": memory,
            "contextWindow": context_window,
            "approvalTimeoutSeconds": approval_timeout_seconds,
            "active": active,
            "publicChat": public_chat,
            "publicChatKeyPrefix": public_chat_key_prefix,
            "allowClarification": allow_clarification,
            "knowledgeBaseIds": knowledge_base_ids,
            "builtins": builtins,
            "requireApprovalFor": require_approval_for,
            "multitaskStrategy": multitask_strategy,
            "welcomeMessage": welcome_message,
            "branding": branding,
            "contextResolvers": context_resolvers,
            "businessHours": business_hours,
            "modelParameters": model_parameters,
            "compaction": compaction,
            "memoryRecall": memory_recall,
            "createdAt": created_at,
            "updatedAt": updated_at,
        })
        if public_chat_key is not UNSET:
            field_dict["publicChatKey"] = public_chat_key

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.agent_branding import AgentBranding # noqa: PLC0415
        from ..models.agent_guardrails_type_0 import AgentGuardrailsType0 # noqa: PLC0415
        from ..models.agent_memory_recall_type_0 import AgentMemoryRecallType0 # noqa: PLC0415
        from ..models.agent_memory_type_0 import AgentMemoryType0 # noqa: PLC0415
        from ..models.agent_public_chat_type_0 import AgentPublicChatType0 # noqa: PLC0415
        from ..models.agent_tool import AgentTool # noqa: PLC0415
        from ..models.agent_tool_choice_type_1 import AgentToolChoiceType1 # noqa: PLC0415
        from ..models.business_hours import BusinessHours # noqa: PLC0415
        from ..models.compaction_settings import CompactionSettings # noqa: PLC0415
        from ..models.model_parameters import ModelParameters # noqa: PLC0415
        from ..models.policy import Policy # noqa: PLC0415
        from ..models.step_rule import StepRule # noqa: PLC0415
        from ..models.stop_condition import StopCondition # noqa: PLC0415
        d = dict(src_dict)
        id = d.pop("id")

        project_id = d.pop("projectId")

        ai_provider_id = d.pop("aiProviderId")

        name = d.pop("name")

        slug = d.pop("slug")

        def _parse_description(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        description = _parse_description(d.pop("description"))


        def _parse_instructions(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        instructions = _parse_instructions(d.pop("instructions"))


        def _parse_model(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        model = _parse_model(d.pop("model"))


        def _parse_temperature(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        temperature = _parse_temperature(d.pop("temperature"))


        tool_ids = cast(list[str], d.pop("toolIds"))


        custom_tools = []
        _custom_tools = d.pop("customTools")
        for custom_tools_item_data in (_custom_tools):
            custom_tools_item = AgentTool.from_dict(custom_tools_item_data)



            custom_tools.append(custom_tools_item)


        mcp_servers = []
        _mcp_servers = d.pop("mcpServers")
        for mcp_servers_item_data in (_mcp_servers):
            mcp_servers_item = AgentTool.from_dict(mcp_servers_item_data)



            mcp_servers.append(mcp_servers_item)


        def _parse_active_tool_ids(data: object) -> list[str] | None:
            if data is None:
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                active_tool_ids_type_0 = cast(list[str], data)

                return active_tool_ids_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[str] | None, data)

        active_tool_ids = _parse_active_tool_ids(d.pop("activeToolIds"))


        def _parse_tool_choice(data: object) -> AgentToolChoiceType0 | AgentToolChoiceType1 | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                tool_choice_type_0 = AgentToolChoiceType0(data)



                return tool_choice_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                tool_choice_type_1 = AgentToolChoiceType1.from_dict(data)



                return tool_choice_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(AgentToolChoiceType0 | AgentToolChoiceType1 | None, data)

        tool_choice = _parse_tool_choice(d.pop("toolChoice"))


        def _parse_step_rules(data: object) -> list[StepRule] | None:
            if data is None:
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
            return cast(list[StepRule] | None, data)

        step_rules = _parse_step_rules(d.pop("stepRules"))


        def _parse_stop_conditions(data: object) -> list[StopCondition] | None:
            if data is None:
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
            return cast(list[StopCondition] | None, data)

        stop_conditions = _parse_stop_conditions(d.pop("stopConditions"))


        max_steps = d.pop("maxSteps")

        def _parse_boundary_policy(data: object) -> None | Policy:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                boundary_policy_type_0 = Policy.from_dict(data)



                return boundary_policy_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | Policy, data)

        boundary_policy = _parse_boundary_policy(d.pop("boundaryPolicy"))


        def _parse_guardrails(data: object) -> AgentGuardrailsType0 | None:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                guardrails_type_0 = AgentGuardrailsType0.from_dict(data)



                return guardrails_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(AgentGuardrailsType0 | None, data)

        guardrails = _parse_guardrails(d.pop("guardrails"))


        conversational = d.pop("conversational")

        def _parse_memory(data: object) -> AgentMemoryType0 | None:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                memory_type_0 = AgentMemoryType0.from_dict(data)



                return memory_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(AgentMemoryType0 | None, data)

        memory = _parse_memory(d.pop("memory"))


        def _parse_context_window(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        context_window = _parse_context_window(d.pop("contextWindow"))


        approval_timeout_seconds = d.pop("approvalTimeoutSeconds")

        active = d.pop("active")

        def _parse_public_chat(data: object) -> AgentPublicChatType0 | None:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                public_chat_type_0 = AgentPublicChatType0.from_dict(data)



                return public_chat_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(AgentPublicChatType0 | None, data)

        public_chat = _parse_public_chat(d.pop("publicChat"))


        def _parse_public_chat_key_prefix(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        public_chat_key_prefix = _parse_public_chat_key_prefix(d.pop("publicChatKeyPrefix"))


        allow_clarification = d.pop("allowClarification")

        knowledge_base_ids = cast(list[str], d.pop("knowledgeBaseIds"))


        def _parse_builtins(data: object) -> AgentBuiltinsType0 | list[str] | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                builtins_type_0 = AgentBuiltinsType0(data)



                return builtins_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, list):
                    raise TypeError()
                builtins_type_1 = cast(list[str], data)

                return builtins_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(AgentBuiltinsType0 | list[str] | None, data)

        builtins = _parse_builtins(d.pop("builtins"))


        def _parse_require_approval_for(data: object) -> AgentRequireApprovalForType1 | AgentRequireApprovalForType2Type1 | AgentRequireApprovalForType3Type1 | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                require_approval_for_type_1 = AgentRequireApprovalForType1(data)



                return require_approval_for_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, str):
                    raise TypeError()
                require_approval_for_type_2_type_1 = AgentRequireApprovalForType2Type1(data)



                return require_approval_for_type_2_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, str):
                    raise TypeError()
                require_approval_for_type_3_type_1 = AgentRequireApprovalForType3Type1(data)



                return require_approval_for_type_3_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(AgentRequireApprovalForType1 | AgentRequireApprovalForType2Type1 | AgentRequireApprovalForType3Type1 | None, data)

        require_approval_for = _parse_require_approval_for(d.pop("requireApprovalFor"))


        multitask_strategy = AgentMultitaskStrategy(d.pop("multitaskStrategy"))




        welcome_message = d.pop("welcomeMessage")

        branding = AgentBranding.from_dict(d.pop("branding"))




        context_resolvers = []
        _context_resolvers = d.pop("contextResolvers")
        for context_resolvers_item_data in (_context_resolvers):
            context_resolvers_item = AgentContextResolversItem(context_resolvers_item_data)



            context_resolvers.append(context_resolvers_item)


        def _parse_business_hours(data: object) -> BusinessHours | None:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                business_hours_type_0 = BusinessHours.from_dict(data)



                return business_hours_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(BusinessHours | None, data)

        business_hours = _parse_business_hours(d.pop("businessHours"))


        def _parse_model_parameters(data: object) -> ModelParameters | None:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                model_parameters_type_0 = ModelParameters.from_dict(data)



                return model_parameters_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(ModelParameters | None, data)

        model_parameters = _parse_model_parameters(d.pop("modelParameters"))


        def _parse_compaction(data: object) -> CompactionSettings | None:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                compaction_type_0 = CompactionSettings.from_dict(data)



                return compaction_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(CompactionSettings | None, data)

        compaction = _parse_compaction(d.pop("compaction"))


        def _parse_memory_recall(data: object) -> AgentMemoryRecallType0 | None:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                memory_recall_type_0 = AgentMemoryRecallType0.from_dict(data)



                return memory_recall_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(AgentMemoryRecallType0 | None, data)

        memory_recall = _parse_memory_recall(d.pop("memoryRecall"))


        created_at = d.pop("createdAt")

        updated_at = d.pop("updatedAt")

        public_chat_key = d.pop("publicChatKey", UNSET)

        created_agent = cls(
            id=id,
            project_id=project_id,
            ai_provider_id=ai_provider_id,
            name=name,
            slug=slug,
            description=description,
            instructions=instructions,
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
            public_chat_key_prefix=public_chat_key_prefix,
            allow_clarification=allow_clarification,
            knowledge_base_ids=knowledge_base_ids,
            builtins=builtins,
            require_approval_for=require_approval_for,
            multitask_strategy=multitask_strategy,
            welcome_message=welcome_message,
            branding=branding,
            context_resolvers=context_resolvers,
            business_hours=business_hours,
            model_parameters=model_parameters,
            compaction=compaction,
            memory_recall=memory_recall,
            created_at=created_at,
            updated_at=updated_at,
            public_chat_key=public_chat_key,
        )


        created_agent.additional_properties = d
        return created_agent

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
