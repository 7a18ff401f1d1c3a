""" Contains all the data models used in inputs/outputs """

from .agent import Agent
from .agent_call_tool import AgentCallTool
from .agent_call_tool_type import AgentCallToolType
from .agent_guardrails_type_0 import AgentGuardrailsType0
from .agent_list import AgentList
from .agent_memory_type_0 import AgentMemoryType0
from .agent_memory_type_0_strategy import AgentMemoryType0Strategy
from .agent_public_chat_key import AgentPublicChatKey
from .agent_public_chat_type_0 import AgentPublicChatType0
from .agent_require_approval_for_type_1 import AgentRequireApprovalForType1
from .agent_require_approval_for_type_2_type_1 import AgentRequireApprovalForType2Type1
from .agent_require_approval_for_type_3_type_1 import AgentRequireApprovalForType3Type1
from .agent_tool import AgentTool
from .agent_tool_choice_type_0 import AgentToolChoiceType0
from .agent_tool_choice_type_1 import AgentToolChoiceType1
from .agent_tool_choice_type_1_type import AgentToolChoiceType1Type
from .agent_tool_config_type_0 import AgentToolConfigType0
from .agent_tool_execute_type_0 import AgentToolExecuteType0
from .agent_tool_execute_type_0_headers import AgentToolExecuteType0Headers
from .agent_tool_list import AgentToolList
from .agent_tool_mcp_type_0 import AgentToolMcpType0
from .agent_tool_mcp_type_0_headers import AgentToolMcpType0Headers
from .agent_tool_parameters_type_0 import AgentToolParametersType0
from .agent_tool_type import AgentToolType
from .ai_provider import AiProvider
from .ai_provider_headers_type_0 import AiProviderHeadersType0
from .ai_provider_kind import AiProviderKind
from .ai_provider_list import AiProviderList
from .api_key import ApiKey
from .api_key_list import ApiKeyList
from .approval import Approval
from .approval_decision_request import ApprovalDecisionRequest
from .approval_decision_request_arguments import ApprovalDecisionRequestArguments
from .approval_hook_config import ApprovalHookConfig
from .approval_list import ApprovalList
from .approval_object import ApprovalObject
from .approval_status import ApprovalStatus
from .builtin_tool import BuiltinTool
from .builtin_tool_config import BuiltinToolConfig
from .builtin_tool_name import BuiltinToolName
from .builtin_tool_type import BuiltinToolType
from .chat_message_type_0 import ChatMessageType0
from .chat_message_type_0_role import ChatMessageType0Role
from .chat_message_type_1 import ChatMessageType1
from .chat_message_type_1_role import ChatMessageType1Role
from .chat_message_type_2 import ChatMessageType2
from .chat_message_type_2_role import ChatMessageType2Role
from .chat_message_type_3 import ChatMessageType3
from .chat_message_type_3_role import ChatMessageType3Role
from .chat_tool_call import ChatToolCall
from .clarification_answer_request import ClarificationAnswerRequest
from .client_tool import ClientTool
from .client_tool_type import ClientToolType
from .create_agent import CreateAgent
from .create_agent_boundary_policy import CreateAgentBoundaryPolicy
from .create_agent_require_approval_for import CreateAgentRequireApprovalFor
from .create_ai_provider import CreateAiProvider
from .create_ai_provider_headers import CreateAiProviderHeaders
from .create_ai_provider_kind import CreateAiProviderKind
from .create_api_key import CreateApiKey
from .create_hook_type_0 import CreateHookType0
from .create_hook_type_0_event import CreateHookType0Event
from .create_hook_type_0_type import CreateHookType0Type
from .create_hook_type_1 import CreateHookType1
from .create_hook_type_1_event import CreateHookType1Event
from .create_hook_type_1_type import CreateHookType1Type
from .create_hook_type_2 import CreateHookType2
from .create_hook_type_2_event import CreateHookType2Event
from .create_hook_type_2_type import CreateHookType2Type
from .create_webhook import CreateWebhook
from .create_webhook_events_item import CreateWebhookEventsItem
from .created_agent import CreatedAgent
from .created_api_key import CreatedApiKey
from .error import Error
from .error_error import ErrorError
from .generate_request import GenerateRequest
from .generate_request_metadata import GenerateRequestMetadata
from .generate_request_variables import GenerateRequestVariables
from .generation import Generation
from .generation_error_type_0 import GenerationErrorType0
from .generation_event import GenerationEvent
from .generation_event_event import GenerationEventEvent
from .generation_list import GenerationList
from .generation_metadata_type_0 import GenerationMetadataType0
from .generation_object import GenerationObject
from .generation_required_action_type_0 import GenerationRequiredActionType0
from .generation_required_action_type_0_tool_calls_item import GenerationRequiredActionType0ToolCallsItem
from .generation_required_action_type_0_type import GenerationRequiredActionType0Type
from .generation_required_action_type_1 import GenerationRequiredActionType1
from .generation_required_action_type_1_approvals_item import GenerationRequiredActionType1ApprovalsItem
from .generation_required_action_type_1_type import GenerationRequiredActionType1Type
from .generation_required_action_type_2 import GenerationRequiredActionType2
from .generation_required_action_type_2_clarification import GenerationRequiredActionType2Clarification
from .generation_required_action_type_2_type import GenerationRequiredActionType2Type
from .generation_status import GenerationStatus
from .generation_step import GenerationStep
from .generation_step_status import GenerationStepStatus
from .generation_step_type import GenerationStepType
from .generation_stop_reason_type_0 import GenerationStopReasonType0
from .generation_usage import GenerationUsage
from .get_docs_asset_asset import GetDocsAssetAsset
from .guardrails import Guardrails
from .health import Health
from .health_status import HealthStatus
from .hook import Hook
from .hook_event import HookEvent
from .hook_list import HookList
from .hook_rule_condition import HookRuleCondition
from .hook_rule_condition_operator import HookRuleConditionOperator
from .hook_type import HookType
from .http_hook_config import HttpHookConfig
from .http_hook_config_headers import HttpHookConfigHeaders
from .http_hook_config_headers_additional_property_type_1 import HttpHookConfigHeadersAdditionalPropertyType1
from .http_hook_config_view import HttpHookConfigView
from .http_hook_config_view_headers import HttpHookConfigViewHeaders
from .http_tool import HttpTool
from .http_tool_type import HttpToolType
from .list_agent_generations_status import ListAgentGenerationsStatus
from .list_approvals_status import ListApprovalsStatus
from .mcp_tool import McpTool
from .mcp_tool_type import McpToolType
from .memory import Memory
from .memory_strategy import MemoryStrategy
from .open_api_document import OpenApiDocument
from .patch_agent import PatchAgent
from .patch_agent_require_approval_for_type_0 import PatchAgentRequireApprovalForType0
from .patch_agent_tool import PatchAgentTool
from .patch_agent_tool_choice_type_0 import PatchAgentToolChoiceType0
from .patch_agent_tool_choice_type_1 import PatchAgentToolChoiceType1
from .patch_agent_tool_choice_type_1_type import PatchAgentToolChoiceType1Type
from .patch_agent_tool_config_type_0 import PatchAgentToolConfigType0
from .patch_agent_tool_execute_type_0 import PatchAgentToolExecuteType0
from .patch_agent_tool_mcp_type_0 import PatchAgentToolMcpType0
from .patch_agent_tool_parameters_type_0 import PatchAgentToolParametersType0
from .patch_agent_tool_type import PatchAgentToolType
from .patch_ai_provider import PatchAiProvider
from .patch_ai_provider_headers_type_0 import PatchAiProviderHeadersType0
from .patch_ai_provider_kind import PatchAiProviderKind
from .patch_hook import PatchHook
from .patch_hook_config import PatchHookConfig
from .patch_hook_event import PatchHookEvent
from .patch_hook_type import PatchHookType
from .policy import Policy
from .policy_statement import PolicyStatement
from .policy_statement_effect import PolicyStatementEffect
from .project import Project
from .public_chat import PublicChat
from .readiness import Readiness
from .readiness_checks import ReadinessChecks
from .readiness_status import ReadinessStatus
from .replace_agent import ReplaceAgent
from .replace_agent_boundary_policy import ReplaceAgentBoundaryPolicy
from .replace_agent_require_approval_for import ReplaceAgentRequireApprovalFor
from .replace_ai_provider import ReplaceAiProvider
from .replace_ai_provider_headers import ReplaceAiProviderHeaders
from .replace_ai_provider_kind import ReplaceAiProviderKind
from .replace_hook_type_0 import ReplaceHookType0
from .replace_hook_type_0_event import ReplaceHookType0Event
from .replace_hook_type_0_type import ReplaceHookType0Type
from .replace_hook_type_1 import ReplaceHookType1
from .replace_hook_type_1_event import ReplaceHookType1Event
from .replace_hook_type_1_type import ReplaceHookType1Type
from .replace_hook_type_2 import ReplaceHookType2
from .replace_hook_type_2_event import ReplaceHookType2Event
from .replace_hook_type_2_type import ReplaceHookType2Type
from .rule_hook_config import RuleHookConfig
from .rule_hook_config_decision import RuleHookConfigDecision
from .step_rule import StepRule
from .stop_condition import StopCondition
from .stop_condition_type import StopConditionType
from .stream_agent_generation_follow import StreamAgentGenerationFollow
from .tool_choice_type_0 import ToolChoiceType0
from .tool_choice_type_1 import ToolChoiceType1
from .tool_choice_type_1_type import ToolChoiceType1Type
from .tool_execute import ToolExecute
from .tool_execute_headers import ToolExecuteHeaders
from .tool_execute_headers_additional_property_type_1 import ToolExecuteHeadersAdditionalPropertyType1
from .tool_mcp_connection import ToolMcpConnection
from .tool_mcp_connection_headers import ToolMcpConnectionHeaders
from .tool_mcp_connection_headers_additional_property_type_1 import ToolMcpConnectionHeadersAdditionalPropertyType1
from .tool_mcp_connection_transport import ToolMcpConnectionTransport
from .tool_outputs_request import ToolOutputsRequest
from .tool_outputs_request_defaults import ToolOutputsRequestDefaults
from .tool_outputs_request_tool_outputs_item import ToolOutputsRequestToolOutputsItem
from .tool_parameters import ToolParameters
from .webhook import Webhook
from .webhook_delivery import WebhookDelivery
from .webhook_delivery_list import WebhookDeliveryList
from .webhook_delivery_status import WebhookDeliveryStatus
from .webhook_events_item import WebhookEventsItem
from .webhook_list import WebhookList
from .webhook_object import WebhookObject

__all__ = (
    "Agent",
    "AgentCallTool",
    "AgentCallToolType",
    "AgentGuardrailsType0",
    "AgentList",
    "AgentMemoryType0",
    "AgentMemoryType0Strategy",
    "AgentPublicChatKey",
    "AgentPublicChatType0",
    "AgentRequireApprovalForType1",
    "AgentRequireApprovalForType2Type1",
    "AgentRequireApprovalForType3Type1",
    "AgentTool",
    "AgentToolChoiceType0",
    "AgentToolChoiceType1",
    "AgentToolChoiceType1Type",
    "AgentToolConfigType0",
    "AgentToolExecuteType0",
    "AgentToolExecuteType0Headers",
    "AgentToolList",
    "AgentToolMcpType0",
    "AgentToolMcpType0Headers",
    "AgentToolParametersType0",
    "AgentToolType",
    "AiProvider",
    "AiProviderHeadersType0",
    "AiProviderKind",
    "AiProviderList",
    "ApiKey",
    "ApiKeyList",
    "Approval",
    "ApprovalDecisionRequest",
    "ApprovalDecisionRequestArguments",
    "ApprovalHookConfig",
    "ApprovalList",
    "ApprovalObject",
    "ApprovalStatus",
    "BuiltinTool",
    "BuiltinToolConfig",
    "BuiltinToolName",
    "BuiltinToolType",
    "ChatMessageType0",
    "ChatMessageType0Role",
    "ChatMessageType1",
    "ChatMessageType1Role",
    "ChatMessageType2",
    "ChatMessageType2Role",
    "ChatMessageType3",
    "ChatMessageType3Role",
    "ChatToolCall",
    "ClarificationAnswerRequest",
    "ClientTool",
    "ClientToolType",
    "CreateAgent",
    "CreateAgentBoundaryPolicy",
    "CreateAgentRequireApprovalFor",
    "CreateAiProvider",
    "CreateAiProviderHeaders",
    "CreateAiProviderKind",
    "CreateApiKey",
    "CreatedAgent",
    "CreatedApiKey",
    "CreateHookType0",
    "CreateHookType0Event",
    "CreateHookType0Type",
    "CreateHookType1",
    "CreateHookType1Event",
    "CreateHookType1Type",
    "CreateHookType2",
    "CreateHookType2Event",
    "CreateHookType2Type",
    "CreateWebhook",
    "CreateWebhookEventsItem",
    "Error",
    "ErrorError",
    "GenerateRequest",
    "GenerateRequestMetadata",
    "GenerateRequestVariables",
    "Generation",
    "GenerationErrorType0",
    "GenerationEvent",
    "GenerationEventEvent",
    "GenerationList",
    "GenerationMetadataType0",
    "GenerationObject",
    "GenerationRequiredActionType0",
    "GenerationRequiredActionType0ToolCallsItem",
    "GenerationRequiredActionType0Type",
    "GenerationRequiredActionType1",
    "GenerationRequiredActionType1ApprovalsItem",
    "GenerationRequiredActionType1Type",
    "GenerationRequiredActionType2",
    "GenerationRequiredActionType2Clarification",
    "GenerationRequiredActionType2Type",
    "GenerationStatus",
    "GenerationStep",
    "GenerationStepStatus",
    "GenerationStepType",
    "GenerationStopReasonType0",
    "GenerationUsage",
    "GetDocsAssetAsset",
    "Guardrails",
    "Health",
    "HealthStatus",
    "Hook",
    "HookEvent",
    "HookList",
    "HookRuleCondition",
    "HookRuleConditionOperator",
    "HookType",
    "HttpHookConfig",
    "HttpHookConfigHeaders",
    "HttpHookConfigHeadersAdditionalPropertyType1",
    "HttpHookConfigView",
    "HttpHookConfigViewHeaders",
    "HttpTool",
    "HttpToolType",
    "ListAgentGenerationsStatus",
    "ListApprovalsStatus",
    "McpTool",
    "McpToolType",
    "Memory",
    "MemoryStrategy",
    "OpenApiDocument",
    "PatchAgent",
    "PatchAgentRequireApprovalForType0",
    "PatchAgentTool",
    "PatchAgentToolChoiceType0",
    "PatchAgentToolChoiceType1",
    "PatchAgentToolChoiceType1Type",
    "PatchAgentToolConfigType0",
    "PatchAgentToolExecuteType0",
    "PatchAgentToolMcpType0",
    "PatchAgentToolParametersType0",
    "PatchAgentToolType",
    "PatchAiProvider",
    "PatchAiProviderHeadersType0",
    "PatchAiProviderKind",
    "PatchHook",
    "PatchHookConfig",
    "PatchHookEvent",
    "PatchHookType",
    "Policy",
    "PolicyStatement",
    "PolicyStatementEffect",
    "Project",
    "PublicChat",
    "Readiness",
    "ReadinessChecks",
    "ReadinessStatus",
    "ReplaceAgent",
    "ReplaceAgentBoundaryPolicy",
    "ReplaceAgentRequireApprovalFor",
    "ReplaceAiProvider",
    "ReplaceAiProviderHeaders",
    "ReplaceAiProviderKind",
    "ReplaceHookType0",
    "ReplaceHookType0Event",
    "ReplaceHookType0Type",
    "ReplaceHookType1",
    "ReplaceHookType1Event",
    "ReplaceHookType1Type",
    "ReplaceHookType2",
    "ReplaceHookType2Event",
    "ReplaceHookType2Type",
    "RuleHookConfig",
    "RuleHookConfigDecision",
    "StepRule",
    "StopCondition",
    "StopConditionType",
    "StreamAgentGenerationFollow",
    "ToolChoiceType0",
    "ToolChoiceType1",
    "ToolChoiceType1Type",
    "ToolExecute",
    "ToolExecuteHeaders",
    "ToolExecuteHeadersAdditionalPropertyType1",
    "ToolMcpConnection",
    "ToolMcpConnectionHeaders",
    "ToolMcpConnectionHeadersAdditionalPropertyType1",
    "ToolMcpConnectionTransport",
    "ToolOutputsRequest",
    "ToolOutputsRequestDefaults",
    "ToolOutputsRequestToolOutputsItem",
    "ToolParameters",
    "Webhook",
    "WebhookDelivery",
    "WebhookDeliveryList",
    "WebhookDeliveryStatus",
    "WebhookEventsItem",
    "WebhookList",
    "WebhookObject",
)
