from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.create_agent_builtins_type_0 import CreateAgentBuiltinsType0
from ..models.create_agent_builtins_type_1_item import CreateAgentBuiltinsType1Item
from ..models.create_agent_context_resolvers_item import CreateAgentContextResolversItem
from ..models.create_agent_multitask_strategy import CreateAgentMultitaskStrategy
from ..models.create_agent_require_approval_for import CreateAgentRequireApprovalFor
from ..models.tool_choice_type_0 import ToolChoiceType0
from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.agent_inline_http_tool import AgentInlineHttpTool
  from ..models.agent_inline_mcp_server import AgentInlineMcpServer
  from ..models.branding import Branding
  from ..models.create_agent_boundary_policy import CreateAgentBoundaryPolicy
  from ..models.create_agent_business_hours import CreateAgentBusinessHours
  from ..models.create_agent_compaction import CreateAgentCompaction
  from ..models.create_agent_model_parameters import CreateAgentModelParameters
  from ..models.guardrails import Guardrails
  from ..models.memory import Memory
  from ..models.memory_recall import MemoryRecall
  from ..models.public_chat import PublicChat
  from ..models.step_rule import StepRule
  from ..models.stop_condition import StopCondition
  from ..models.tool_choice_type_1 import ToolChoiceType1





T = TypeVar("T", bound="CreateAgent")



@_attrs_define
class CreateAgent:
    """ 
        Attributes:
            ai_provider_id (str):  Example: aip_4kT9xQ2mZ8wR.
            name (str):
            slug (str | Unset): Unique per project; derived from the name when omitted.
            description (str | Unset):
            instructions (str | Unset): System prompt; {{variables}} are replaced at generation time.
            builtins (CreateAgentBuiltinsType0 | list[CreateAgentBuiltinsType1Item] | Unset): Builtins given by name,
                without a tool resource each: "all", or a list (default: none, so an agent reaches only what it was given). Each
                is offered with no config: one that needs config (database_query, …) answers that it is not configured;
                approval-by-default ones wait for approval. An attached tool of the same name wins. `fetch_drive_file` is
                refused (422 `not_implemented`): it would need Google OAuth credentials and a Google Drive API integration.
            goal (str | Unset): Another name for `instructions` (the goal-agent seed's): stored and shown as `instructions`.
                Not with `instructions` (422).
            model (str | Unset): Falls back to the provider's defaultModel.
            temperature (float | Unset):
            tool_ids (list[str] | Unset): Shared tools to attach. A tool owned by another agent is refused (422); this
                agent's own tools may be listed and are attached by customTools and mcpServers whatever this list says.
            custom_tools (list[AgentInlineHttpTool] | Unset): http tools defined on the agent. Stored as tools owned by the
                agent (GET /v1/tools shows them with ownerAgentId; their ids are in toolIds). Entries are matched to the owned
                tools by name: the same name updates that tool in place (same id), a new name creates one, an owned tool no
                longer listed is deleted. Names must not collide with each other or with the attached tools (422). Secret header
                values must be sent again on every write that gives this list. PATCH without the field keeps them; PUT without
                it removes them. The key also needs agents:CreateAgentTool, UpdateAgentTool or DeleteAgentTool for the owned
                tools a write creates, updates or deletes (403).
            mcp_servers (list[AgentInlineMcpServer] | Unset): MCP servers connected on the agent. Stored as tools owned by
                the agent (GET /v1/tools shows them with ownerAgentId; their ids are in toolIds). Entries are matched to the
                owned tools by name: the same name updates that tool in place (same id), a new name creates one, an owned tool
                no longer listed is deleted. Names must not collide with each other or with the attached tools (422). Secret
                header values must be sent again on every write that gives this list. PATCH without the field keeps them; PUT
                without it removes them. The key also needs agents:CreateAgentTool, UpdateAgentTool or DeleteAgentTool for the
                owned tools a write creates, updates or deletes (403).
            active_tool_ids (list[str] | Unset): A subset of toolIds; omitted = all attached tools are active.
            tool_choice (ToolChoiceType0 | ToolChoiceType1 | Unset):
            step_rules (list[StepRule] | Unset):
            stop_conditions (list[StopCondition] | Unset):
            max_steps (int | Unset): Default 20; at most the configured cap (MAX_STEPS_CAP).
            boundary_policy (CreateAgentBoundaryPolicy | Unset):
            guardrails (Guardrails | Unset):
            conversational (bool | Unset): A generate without sessionId starts a new session (its id is returned) Default:
                False.
            memory (Memory | Unset): Which earlier turns of a session the model sees (default all); the stored conversation
                stays whole
            context_window (int | Unset): Token budget of the model's context (default: a per-model table, else 128k); over
                85% of it the conversation sent is compacted
            approval_timeout_seconds (int | Unset):  Default: 300.
            active (bool | Unset):  Default: True.
            public_chat (PublicChat | Unset): POST /v1/public/agents/{slug}/chat with the X-Agent-Key returned once;
                browsers are allowed only from allowedOrigins.
            allow_clarification (bool | Unset): Offer the builtin agent_clarify tool, which pauses the run to ask the user a
                question. Default: True.
            welcome_message (str | Unset): First message the chat widget shows (public chat). Default: 'Hi! How can I help
                you?'.
            branding (Branding | Unset): Chat widget branding: primaryColor (#rrggbb).
            context_resolvers (list[CreateAgentContextResolversItem] | Unset): Context blocks added to the system prompt of
                every generation: `temporal` (current local time, and open/closed from businessHours), `channel` (api or
                public_chat), `conversation` (which message of its session the generation answers, when the session started and
                when the previous message was sent; "standalone" outside a session).
            business_hours (CreateAgentBusinessHours | Unset):
            knowledge_base_ids (list[str] | Unset): Knowledge bases of the project; when any are linked, generations offer
                the read-only knowledge_search tool.
            model_parameters (CreateAgentModelParameters | Unset):
            compaction (CreateAgentCompaction | Unset):
            memory_recall (MemoryRecall | Unset): Long-term memory: before each generation with an end user, the end user's
                most relevant memories of this agent are added to the system prompt, within maxTokens (docs/memory.md). Unset:
                nothing is recalled (the memory tools still work).
            multitask_strategy (CreateAgentMultitaskStrategy | Unset): What a new turn of a busy session does when its
                request names no multitaskStrategy: reject (the default), enqueue, interrupt or rollback (docs/double-
                texting.md).
            require_approval_for (CreateAgentRequireApprovalFor | Unset): "destructive": destructive MCP tools wait for a
                human approval. As in the MCP specification, a tool is destructive unless annotated readOnlyHint: true or
                destructiveHint: false (unannotated tools are).
     """

    ai_provider_id: str
    name: str
    slug: str | Unset = UNSET
    description: str | Unset = UNSET
    instructions: str | Unset = UNSET
    builtins: CreateAgentBuiltinsType0 | list[CreateAgentBuiltinsType1Item] | Unset = UNSET
    goal: str | Unset = UNSET
    model: str | Unset = UNSET
    temperature: float | Unset = UNSET
    tool_ids: list[str] | Unset = UNSET
    custom_tools: list[AgentInlineHttpTool] | Unset = UNSET
    mcp_servers: list[AgentInlineMcpServer] | Unset = UNSET
    active_tool_ids: list[str] | Unset = UNSET
    tool_choice: ToolChoiceType0 | ToolChoiceType1 | Unset = UNSET
    step_rules: list[StepRule] | Unset = UNSET
    stop_conditions: list[StopCondition] | Unset = UNSET
    max_steps: int | Unset = UNSET
    boundary_policy: CreateAgentBoundaryPolicy | Unset = UNSET
    guardrails: Guardrails | Unset = UNSET
    conversational: bool | Unset = False
    memory: Memory | Unset = UNSET
    context_window: int | Unset = UNSET
    approval_timeout_seconds: int | Unset = 300
    active: bool | Unset = True
    public_chat: PublicChat | Unset = UNSET
    allow_clarification: bool | Unset = True
    welcome_message: str | Unset = 'Hi! How can I help you?'
    branding: Branding | Unset = UNSET
    context_resolvers: list[CreateAgentContextResolversItem] | Unset = UNSET
    business_hours: CreateAgentBusinessHours | Unset = UNSET
    knowledge_base_ids: list[str] | Unset = UNSET
    model_parameters: CreateAgentModelParameters | Unset = UNSET
    compaction: CreateAgentCompaction | Unset = UNSET
    memory_recall: MemoryRecall | Unset = UNSET
    multitask_strategy: CreateAgentMultitaskStrategy | Unset = UNSET
    require_approval_for: CreateAgentRequireApprovalFor | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        from ..models.agent_inline_http_tool import AgentInlineHttpTool # noqa: PLC0415
        from ..models.agent_inline_mcp_server import AgentInlineMcpServer # noqa: PLC0415
        from ..models.branding import Branding # noqa: PLC0415
        from ..models.create_agent_boundary_policy import CreateAgentBoundaryPolicy # noqa: PLC0415
        from ..models.create_agent_business_hours import CreateAgentBusinessHours # noqa: PLC0415
        from ..models.create_agent_compaction import CreateAgentCompaction # noqa: PLC0415
        from ..models.create_agent_model_parameters import CreateAgentModelParameters # noqa: PLC0415
        from ..models.guardrails import Guardrails # noqa: PLC0415
        from ..models.memory import Memory # noqa: PLC0415
        from ..models.memory_recall import MemoryRecall # noqa: PLC0415
        from ..models.public_chat import PublicChat # noqa: PLC0415
        from ..models.step_rule import StepRule # noqa: PLC0415
        from ..models.stop_condition import StopCondition # noqa: PLC0415
        from ..models.tool_choice_type_1 import ToolChoiceType1 # noqa: PLC0415
        ai_provider_id = self.ai_provider_id

        name = self.name

        slug = self.slug

        description = self.description

        instructions = self.instructions

        builtins: list[str] | str | Unset
        if isinstance(self.builtins, Unset):
            builtins = UNSET
        elif isinstance(self.builtins, CreateAgentBuiltinsType0):
            builtins = self.builtins.value
        else:
            builtins = []
            for builtins_type_1_item_data in self.builtins:
                builtins_type_1_item = builtins_type_1_item_data.value
                builtins.append(builtins_type_1_item)




        goal = self.goal

        model = self.model

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



        active_tool_ids: list[str] | Unset = UNSET
        if not isinstance(self.active_tool_ids, Unset):
            active_tool_ids = self.active_tool_ids



        tool_choice: dict[str, Any] | str | Unset
        if isinstance(self.tool_choice, Unset):
            tool_choice = UNSET
        elif isinstance(self.tool_choice, ToolChoiceType0):
            tool_choice = self.tool_choice.value
        else:
            tool_choice = self.tool_choice.to_dict()


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

        boundary_policy: dict[str, Any] | Unset = UNSET
        if not isinstance(self.boundary_policy, Unset):
            boundary_policy = self.boundary_policy.to_dict()

        guardrails: dict[str, Any] | Unset = UNSET
        if not isinstance(self.guardrails, Unset):
            guardrails = self.guardrails.to_dict()

        conversational = self.conversational

        memory: dict[str, Any] | Unset = UNSET
        if not isinstance(self.memory, Unset):
            memory = self.memory.to_dict()

        context_window = self.context_window

        approval_timeout_seconds = self.approval_timeout_seconds

        active = self.active

        public_chat: dict[str, Any] | Unset = UNSET
        if not isinstance(self.public_chat, Unset):
            public_chat = self.public_chat.to_dict()

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



        business_hours: dict[str, Any] | Unset = UNSET
        if not isinstance(self.business_hours, Unset):
            business_hours = self.business_hours.to_dict()

        knowledge_base_ids: list[str] | Unset = UNSET
        if not isinstance(self.knowledge_base_ids, Unset):
            knowledge_base_ids = self.knowledge_base_ids



        model_parameters: dict[str, Any] | Unset = UNSET
        if not isinstance(self.model_parameters, Unset):
            model_parameters = self.model_parameters.to_dict()

        compaction: dict[str, Any] | Unset = UNSET
        if not isinstance(self.compaction, Unset):
            compaction = self.compaction.to_dict()

        memory_recall: dict[str, Any] | Unset = UNSET
        if not isinstance(self.memory_recall, Unset):
            memory_recall = self.memory_recall.to_dict()

        multitask_strategy: str | Unset = UNSET
        if not isinstance(self.multitask_strategy, Unset):
            multitask_strategy = self.multitask_strategy.value


        require_approval_for: str | Unset = UNSET
        if not isinstance(self.require_approval_for, Unset):
            require_approval_for = self.require_approval_for.value



        field_dict: dict[str, Any] = {}

        field_dict.update({
            "aiProviderId": ai_provider_id,
            "name": name,
        })
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
        from ..models.create_agent_boundary_policy import CreateAgentBoundaryPolicy # noqa: PLC0415
        from ..models.create_agent_business_hours import CreateAgentBusinessHours # noqa: PLC0415
        from ..models.create_agent_compaction import CreateAgentCompaction # noqa: PLC0415
        from ..models.create_agent_model_parameters import CreateAgentModelParameters # noqa: PLC0415
        from ..models.guardrails import Guardrails # noqa: PLC0415
        from ..models.memory import Memory # noqa: PLC0415
        from ..models.memory_recall import MemoryRecall # noqa: PLC0415
        from ..models.public_chat import PublicChat # noqa: PLC0415
        from ..models.step_rule import StepRule # noqa: PLC0415
        from ..models.stop_condition import StopCondition # noqa: PLC0415
        from ..models.tool_choice_type_1 import ToolChoiceType1 # noqa: PLC0415
        d = dict(src_dict)
        ai_provider_id = d.pop("aiProviderId")

        name = d.pop("name")

        slug = d.pop("slug", UNSET)

        description = d.pop("description", UNSET)

        instructions = d.pop("instructions", UNSET)

        def _parse_builtins(data: object) -> CreateAgentBuiltinsType0 | list[CreateAgentBuiltinsType1Item] | Unset:
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                builtins_type_0 = CreateAgentBuiltinsType0(data)



                return builtins_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            if not isinstance(data, list):
                raise TypeError()
            builtins_type_1 = []
            _builtins_type_1 = data
            for builtins_type_1_item_data in (_builtins_type_1):
                builtins_type_1_item = CreateAgentBuiltinsType1Item(builtins_type_1_item_data)



                builtins_type_1.append(builtins_type_1_item)

            return builtins_type_1

        builtins = _parse_builtins(d.pop("builtins", UNSET))


        goal = d.pop("goal", UNSET)

        model = d.pop("model", UNSET)

        temperature = d.pop("temperature", UNSET)

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


        active_tool_ids = cast(list[str], d.pop("activeToolIds", UNSET))


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

        _boundary_policy = d.pop("boundaryPolicy", UNSET)
        boundary_policy: CreateAgentBoundaryPolicy | Unset
        if isinstance(_boundary_policy,  Unset):
            boundary_policy = UNSET
        else:
            boundary_policy = CreateAgentBoundaryPolicy.from_dict(_boundary_policy)




        _guardrails = d.pop("guardrails", UNSET)
        guardrails: Guardrails | Unset
        if isinstance(_guardrails,  Unset):
            guardrails = UNSET
        else:
            guardrails = Guardrails.from_dict(_guardrails)




        conversational = d.pop("conversational", UNSET)

        _memory = d.pop("memory", UNSET)
        memory: Memory | Unset
        if isinstance(_memory,  Unset):
            memory = UNSET
        else:
            memory = Memory.from_dict(_memory)




        context_window = d.pop("contextWindow", UNSET)

        approval_timeout_seconds = d.pop("approvalTimeoutSeconds", UNSET)

        active = d.pop("active", UNSET)

        _public_chat = d.pop("publicChat", UNSET)
        public_chat: PublicChat | Unset
        if isinstance(_public_chat,  Unset):
            public_chat = UNSET
        else:
            public_chat = PublicChat.from_dict(_public_chat)




        allow_clarification = d.pop("allowClarification", UNSET)

        welcome_message = d.pop("welcomeMessage", UNSET)

        _branding = d.pop("branding", UNSET)
        branding: Branding | Unset
        if isinstance(_branding,  Unset):
            branding = UNSET
        else:
            branding = Branding.from_dict(_branding)




        _context_resolvers = d.pop("contextResolvers", UNSET)
        context_resolvers: list[CreateAgentContextResolversItem] | Unset = UNSET
        if _context_resolvers is not UNSET:
            context_resolvers = []
            for context_resolvers_item_data in _context_resolvers:
                context_resolvers_item = CreateAgentContextResolversItem(context_resolvers_item_data)



                context_resolvers.append(context_resolvers_item)


        _business_hours = d.pop("businessHours", UNSET)
        business_hours: CreateAgentBusinessHours | Unset
        if isinstance(_business_hours,  Unset):
            business_hours = UNSET
        else:
            business_hours = CreateAgentBusinessHours.from_dict(_business_hours)




        knowledge_base_ids = cast(list[str], d.pop("knowledgeBaseIds", UNSET))


        _model_parameters = d.pop("modelParameters", UNSET)
        model_parameters: CreateAgentModelParameters | Unset
        if isinstance(_model_parameters,  Unset):
            model_parameters = UNSET
        else:
            model_parameters = CreateAgentModelParameters.from_dict(_model_parameters)




        _compaction = d.pop("compaction", UNSET)
        compaction: CreateAgentCompaction | Unset
        if isinstance(_compaction,  Unset):
            compaction = UNSET
        else:
            compaction = CreateAgentCompaction.from_dict(_compaction)




        _memory_recall = d.pop("memoryRecall", UNSET)
        memory_recall: MemoryRecall | Unset
        if isinstance(_memory_recall,  Unset):
            memory_recall = UNSET
        else:
            memory_recall = MemoryRecall.from_dict(_memory_recall)




        _multitask_strategy = d.pop("multitaskStrategy", UNSET)
        multitask_strategy: CreateAgentMultitaskStrategy | Unset
        if isinstance(_multitask_strategy,  Unset):
            multitask_strategy = UNSET
        else:
            multitask_strategy = CreateAgentMultitaskStrategy(_multitask_strategy)




        _require_approval_for = d.pop("requireApprovalFor", UNSET)
        require_approval_for: CreateAgentRequireApprovalFor | Unset
        if isinstance(_require_approval_for,  Unset):
            require_approval_for = UNSET
        else:
            require_approval_for = CreateAgentRequireApprovalFor(_require_approval_for)




        create_agent = cls(
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

        return create_agent

