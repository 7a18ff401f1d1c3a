""" Contains all the data models used in inputs/outputs """

from .agent import Agent
from .agent_branding import AgentBranding
from .agent_builtins_type_0 import AgentBuiltinsType0
from .agent_call_tool import AgentCallTool
from .agent_call_tool_type import AgentCallToolType
from .agent_context_resolvers_item import AgentContextResolversItem
from .agent_guardrails_type_0 import AgentGuardrailsType0
from .agent_inline_http_tool import AgentInlineHttpTool
from .agent_inline_mcp_server import AgentInlineMcpServer
from .agent_list import AgentList
from .agent_memory_recall_type_0 import AgentMemoryRecallType0
from .agent_memory_type_0 import AgentMemoryType0
from .agent_memory_type_0_strategy import AgentMemoryType0Strategy
from .agent_multitask_strategy import AgentMultitaskStrategy
from .agent_public_chat_key import AgentPublicChatKey
from .agent_public_chat_type_0 import AgentPublicChatType0
from .agent_require_approval_for_type_1 import AgentRequireApprovalForType1
from .agent_require_approval_for_type_2_type_1 import AgentRequireApprovalForType2Type1
from .agent_require_approval_for_type_3_type_1 import AgentRequireApprovalForType3Type1
from .agent_step_message_type_0 import AgentStepMessageType0
from .agent_step_message_type_0_role import AgentStepMessageType0Role
from .agent_step_message_type_1 import AgentStepMessageType1
from .agent_step_message_type_1_role import AgentStepMessageType1Role
from .agent_step_message_type_2 import AgentStepMessageType2
from .agent_step_message_type_2_role import AgentStepMessageType2Role
from .agent_step_message_type_3 import AgentStepMessageType3
from .agent_step_message_type_3_role import AgentStepMessageType3Role
from .agent_step_request import AgentStepRequest
from .agent_step_request_memory_strategy import AgentStepRequestMemoryStrategy
from .agent_step_request_memory_strategy_name import AgentStepRequestMemoryStrategyName
from .agent_step_request_tools_item import AgentStepRequestToolsItem
from .agent_step_request_tools_item_arguments import AgentStepRequestToolsItemArguments
from .agent_step_response import AgentStepResponse
from .agent_step_response_object import AgentStepResponseObject
from .agent_step_response_usage import AgentStepResponseUsage
from .agent_step_tool_request import AgentStepToolRequest
from .agent_tool import AgentTool
from .agent_tool_choice_type_0 import AgentToolChoiceType0
from .agent_tool_choice_type_1 import AgentToolChoiceType1
from .agent_tool_choice_type_1_type import AgentToolChoiceType1Type
from .agent_tool_config_type_0 import AgentToolConfigType0
from .agent_tool_execute_type_0 import AgentToolExecuteType0
from .agent_tool_execute_type_0_body_encoding import AgentToolExecuteType0BodyEncoding
from .agent_tool_execute_type_0_headers import AgentToolExecuteType0Headers
from .agent_tool_execute_type_0_method import AgentToolExecuteType0Method
from .agent_tool_imported_from_type_0 import AgentToolImportedFromType0
from .agent_tool_list import AgentToolList
from .agent_tool_mcp_type_0 import AgentToolMcpType0
from .agent_tool_mcp_type_0_headers import AgentToolMcpType0Headers
from .agent_tool_parameters_type_0 import AgentToolParametersType0
from .agent_tool_type import AgentToolType
from .ai_provider import AiProvider
from .ai_provider_headers_type_0 import AiProviderHeadersType0
from .ai_provider_kind import AiProviderKind
from .ai_provider_list import AiProviderList
from .all_approvals_decision_request import AllApprovalsDecisionRequest
from .api_key import ApiKey
from .api_key_list import ApiKeyList
from .approval import Approval
from .approval_decision_request import ApprovalDecisionRequest
from .approval_decision_request_arguments import ApprovalDecisionRequestArguments
from .approval_escalation_on_expiry_type_1 import ApprovalEscalationOnExpiryType1
from .approval_escalation_on_expiry_type_2_type_1 import ApprovalEscalationOnExpiryType2Type1
from .approval_escalation_on_expiry_type_3_type_1 import ApprovalEscalationOnExpiryType3Type1
from .approval_escalation_policy import ApprovalEscalationPolicy
from .approval_escalation_policy_on_expiry import ApprovalEscalationPolicyOnExpiry
from .approval_hook_config import ApprovalHookConfig
from .approval_hook_config_on_expiry import ApprovalHookConfigOnExpiry
from .approval_list import ApprovalList
from .approval_object import ApprovalObject
from .approval_on_expiry import ApprovalOnExpiry
from .approval_requested_by import ApprovalRequestedBy
from .approval_requested_by_channel import ApprovalRequestedByChannel
from .approval_status import ApprovalStatus
from .approval_tool_parameters_type_0 import ApprovalToolParametersType0
from .backfill_schedule import BackfillSchedule
from .backfill_schedule_overlap import BackfillScheduleOverlap
from .branding import Branding
from .builtin_catalog import BuiltinCatalog
from .builtin_catalog_entry import BuiltinCatalogEntry
from .builtin_catalog_entry_config import BuiltinCatalogEntryConfig
from .builtin_catalog_entry_name import BuiltinCatalogEntryName
from .builtin_catalog_entry_parameters import BuiltinCatalogEntryParameters
from .builtin_tool import BuiltinTool
from .builtin_tool_config import BuiltinToolConfig
from .builtin_tool_name import BuiltinToolName
from .builtin_tool_type import BuiltinToolType
from .business_hours import BusinessHours
from .business_hours_schedule_item import BusinessHoursScheduleItem
from .business_hours_schedule_item_days_item import BusinessHoursScheduleItemDaysItem
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
from .compaction_settings import CompactionSettings
from .create_agent import CreateAgent
from .create_agent_boundary_policy import CreateAgentBoundaryPolicy
from .create_agent_builtins_type_0 import CreateAgentBuiltinsType0
from .create_agent_builtins_type_1_item import CreateAgentBuiltinsType1Item
from .create_agent_business_hours import CreateAgentBusinessHours
from .create_agent_compaction import CreateAgentCompaction
from .create_agent_context_resolvers_item import CreateAgentContextResolversItem
from .create_agent_model_parameters import CreateAgentModelParameters
from .create_agent_multitask_strategy import CreateAgentMultitaskStrategy
from .create_agent_require_approval_for import CreateAgentRequireApprovalFor
from .create_ai_provider import CreateAiProvider
from .create_ai_provider_headers import CreateAiProviderHeaders
from .create_ai_provider_kind import CreateAiProviderKind
from .create_api_key import CreateApiKey
from .create_document import CreateDocument
from .create_document_content_type import CreateDocumentContentType
from .create_document_metadata import CreateDocumentMetadata
from .create_hook_type_0 import CreateHookType0
from .create_hook_type_0_event import CreateHookType0Event
from .create_hook_type_0_type import CreateHookType0Type
from .create_hook_type_1 import CreateHookType1
from .create_hook_type_1_event import CreateHookType1Event
from .create_hook_type_1_type import CreateHookType1Type
from .create_hook_type_2 import CreateHookType2
from .create_hook_type_2_event import CreateHookType2Event
from .create_hook_type_2_type import CreateHookType2Type
from .create_knowledge_base import CreateKnowledgeBase
from .create_knowledge_base_language import CreateKnowledgeBaseLanguage
from .create_knowledge_base_retrieval_strategy import CreateKnowledgeBaseRetrievalStrategy
from .create_schedule import CreateSchedule
from .create_schedule_overlap import CreateScheduleOverlap
from .create_webhook import CreateWebhook
from .create_webhook_events_item import CreateWebhookEventsItem
from .created_agent import CreatedAgent
from .created_api_key import CreatedApiKey
from .document import Document
from .document_list import DocumentList
from .document_summary import DocumentSummary
from .document_summary_content_type import DocumentSummaryContentType
from .document_summary_metadata_type_0 import DocumentSummaryMetadataType0
from .document_summary_status import DocumentSummaryStatus
from .error import Error
from .error_error import ErrorError
from .fork_request import ForkRequest
from .fork_request_append_messages_item import ForkRequestAppendMessagesItem
from .fork_request_messages_item import ForkRequestMessagesItem
from .forked_from import ForkedFrom
from .generate_request import GenerateRequest
from .generate_request_metadata import GenerateRequestMetadata
from .generate_request_model_parameters import GenerateRequestModelParameters
from .generate_request_multitask_strategy import GenerateRequestMultitaskStrategy
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
from .generation_required_action_type_3 import GenerationRequiredActionType3
from .generation_required_action_type_3_child_required_action import GenerationRequiredActionType3ChildRequiredAction
from .generation_required_action_type_3_type import GenerationRequiredActionType3Type
from .generation_status import GenerationStatus
from .generation_step import GenerationStep
from .generation_step_outcome import GenerationStepOutcome
from .generation_step_status import GenerationStepStatus
from .generation_step_type import GenerationStepType
from .generation_step_usage import GenerationStepUsage
from .generation_stop_reason_type_0 import GenerationStopReasonType0
from .generation_usage import GenerationUsage
from .get_console_asset_asset import GetConsoleAssetAsset
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
from .import_open_api_tools_request import ImportOpenApiToolsRequest
from .import_open_api_tools_request_auth import ImportOpenApiToolsRequestAuth
from .import_open_api_tools_request_document import ImportOpenApiToolsRequestDocument
from .import_open_api_tools_result import ImportOpenApiToolsResult
from .import_open_api_tools_result_created_item import ImportOpenApiToolsResultCreatedItem
from .import_open_api_tools_result_missing_item import ImportOpenApiToolsResultMissingItem
from .import_open_api_tools_result_skipped_item import ImportOpenApiToolsResultSkippedItem
from .import_open_api_tools_result_unchanged_item import ImportOpenApiToolsResultUnchangedItem
from .import_open_api_tools_result_updated_item import ImportOpenApiToolsResultUpdatedItem
from .knowledge_base import KnowledgeBase
from .knowledge_base_language import KnowledgeBaseLanguage
from .knowledge_base_list import KnowledgeBaseList
from .knowledge_base_retrieval_strategy import KnowledgeBaseRetrievalStrategy
from .list_agent_generations_status import ListAgentGenerationsStatus
from .list_approvals_status import ListApprovalsStatus
from .list_traces_status import ListTracesStatus
from .list_traces_via_agents_status import ListTracesViaAgentsStatus
from .long_term_memory import LongTermMemory
from .long_term_memory_list import LongTermMemoryList
from .long_term_memory_object import LongTermMemoryObject
from .mcp_tool import McpTool
from .mcp_tool_type import McpToolType
from .memory import Memory
from .memory_recall import MemoryRecall
from .memory_search_result import MemorySearchResult
from .memory_search_result_data_item import MemorySearchResultDataItem
from .memory_strategy import MemoryStrategy
from .model_parameters import ModelParameters
from .open_api_document import OpenApiDocument
from .patch_agent import PatchAgent
from .patch_agent_builtins_type_0 import PatchAgentBuiltinsType0
from .patch_agent_builtins_type_1_item import PatchAgentBuiltinsType1Item
from .patch_agent_context_resolvers_item import PatchAgentContextResolversItem
from .patch_agent_memory_recall_type_0 import PatchAgentMemoryRecallType0
from .patch_agent_multitask_strategy_type_0 import PatchAgentMultitaskStrategyType0
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
from .patch_knowledge_base import PatchKnowledgeBase
from .patch_knowledge_base_language import PatchKnowledgeBaseLanguage
from .patch_knowledge_base_retrieval_strategy import PatchKnowledgeBaseRetrievalStrategy
from .patch_memory import PatchMemory
from .pause_schedule import PauseSchedule
from .platform_tool import PlatformTool
from .platform_tool_type import PlatformToolType
from .policy import Policy
from .policy_statement import PolicyStatement
from .policy_statement_effect import PolicyStatementEffect
from .project import Project
from .public_agent import PublicAgent
from .public_agent_branding import PublicAgentBranding
from .public_chat import PublicChat
from .public_chat_reply import PublicChatReply
from .public_chat_reply_clarification import PublicChatReplyClarification
from .public_chat_reply_pending import PublicChatReplyPending
from .public_chat_reply_pending_reason import PublicChatReplyPendingReason
from .public_chat_reply_status import PublicChatReplyStatus
from .public_chat_request import PublicChatRequest
from .put_setting import PutSetting
from .readiness import Readiness
from .readiness_checks import ReadinessChecks
from .readiness_status import ReadinessStatus
from .replace_agent import ReplaceAgent
from .replace_agent_boundary_policy import ReplaceAgentBoundaryPolicy
from .replace_agent_builtins_type_0 import ReplaceAgentBuiltinsType0
from .replace_agent_builtins_type_1_item import ReplaceAgentBuiltinsType1Item
from .replace_agent_business_hours import ReplaceAgentBusinessHours
from .replace_agent_compaction import ReplaceAgentCompaction
from .replace_agent_context_resolvers_item import ReplaceAgentContextResolversItem
from .replace_agent_model_parameters import ReplaceAgentModelParameters
from .replace_agent_multitask_strategy import ReplaceAgentMultitaskStrategy
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
from .schedule import Schedule
from .schedule_interval import ScheduleInterval
from .schedule_interval_view import ScheduleIntervalView
from .schedule_list import ScheduleList
from .schedule_object import ScheduleObject
from .schedule_overlap import ScheduleOverlap
from .schedule_refusal import ScheduleRefusal
from .schedule_refusal_code import ScheduleRefusalCode
from .schedule_run import ScheduleRun
from .schedule_spec import ScheduleSpec
from .schedule_spec_view import ScheduleSpecView
from .schedule_summary import ScheduleSummary
from .schedule_summary_object import ScheduleSummaryObject
from .scheduled_generate_request import ScheduledGenerateRequest
from .scheduled_generate_request_metadata import ScheduledGenerateRequestMetadata
from .scheduled_generate_request_model_parameters import ScheduledGenerateRequestModelParameters
from .scheduled_generate_request_variables import ScheduledGenerateRequestVariables
from .search_hit import SearchHit
from .search_hit_ranks import SearchHitRanks
from .search_knowledge_base import SearchKnowledgeBase
from .search_knowledge_base_strategy import SearchKnowledgeBaseStrategy
from .search_memories import SearchMemories
from .search_result import SearchResult
from .search_result_strategy import SearchResultStrategy
from .session import Session
from .session_detail import SessionDetail
from .session_detail_usage import SessionDetailUsage
from .session_list import SessionList
from .session_message import SessionMessage
from .session_message_list import SessionMessageList
from .session_message_role import SessionMessageRole
from .session_message_tool_calls_item import SessionMessageToolCallsItem
from .session_object import SessionObject
from .session_turn import SessionTurn
from .session_turn_status import SessionTurnStatus
from .session_turn_stop_reason_type_0 import SessionTurnStopReasonType0
from .session_turn_usage import SessionTurnUsage
from .setting import Setting
from .setting_key import SettingKey
from .setting_list import SettingList
from .soat_tool import SoatTool
from .soat_tool_type import SoatToolType
from .steering_message_record import SteeringMessageRecord
from .steering_message_record_object import SteeringMessageRecordObject
from .steering_message_record_status import SteeringMessageRecordStatus
from .steering_message_request import SteeringMessageRequest
from .step_rule import StepRule
from .stop_condition import StopCondition
from .stop_condition_type import StopConditionType
from .stream_agent_generation_follow import StreamAgentGenerationFollow
from .tool_choice_type_0 import ToolChoiceType0
from .tool_choice_type_1 import ToolChoiceType1
from .tool_choice_type_1_type import ToolChoiceType1Type
from .tool_delivery import ToolDelivery
from .tool_execute import ToolExecute
from .tool_execute_body_encoding import ToolExecuteBodyEncoding
from .tool_execute_headers import ToolExecuteHeaders
from .tool_execute_headers_additional_property_type_1 import ToolExecuteHeadersAdditionalPropertyType1
from .tool_execute_method import ToolExecuteMethod
from .tool_mcp_connection import ToolMcpConnection
from .tool_mcp_connection_headers import ToolMcpConnectionHeaders
from .tool_mcp_connection_headers_additional_property_type_1 import ToolMcpConnectionHeadersAdditionalPropertyType1
from .tool_mcp_connection_transport import ToolMcpConnectionTransport
from .tool_outputs_request import ToolOutputsRequest
from .tool_outputs_request_defaults import ToolOutputsRequestDefaults
from .tool_outputs_request_tool_outputs_item import ToolOutputsRequestToolOutputsItem
from .tool_parameters import ToolParameters
from .trace import Trace
from .trace_list import TraceList
from .trace_node import TraceNode
from .trace_node_error_type_0 import TraceNodeErrorType0
from .trace_node_status import TraceNodeStatus
from .trace_node_stop_reason_type_0 import TraceNodeStopReasonType0
from .trace_node_usage import TraceNodeUsage
from .trace_summary import TraceSummary
from .trace_summary_object import TraceSummaryObject
from .trace_summary_status import TraceSummaryStatus
from .trace_totals import TraceTotals
from .trace_totals_usage import TraceTotalsUsage
from .update_schedule import UpdateSchedule
from .update_schedule_overlap import UpdateScheduleOverlap
from .webhook import Webhook
from .webhook_delivery import WebhookDelivery
from .webhook_delivery_list import WebhookDeliveryList
from .webhook_delivery_status import WebhookDeliveryStatus
from .webhook_events_item import WebhookEventsItem
from .webhook_list import WebhookList
from .webhook_object import WebhookObject

__all__ = (
    "Agent",
    "AgentBranding",
    "AgentBuiltinsType0",
    "AgentCallTool",
    "AgentCallToolType",
    "AgentContextResolversItem",
    "AgentGuardrailsType0",
    "AgentInlineHttpTool",
    "AgentInlineMcpServer",
    "AgentList",
    "AgentMemoryRecallType0",
    "AgentMemoryType0",
    "AgentMemoryType0Strategy",
    "AgentMultitaskStrategy",
    "AgentPublicChatKey",
    "AgentPublicChatType0",
    "AgentRequireApprovalForType1",
    "AgentRequireApprovalForType2Type1",
    "AgentRequireApprovalForType3Type1",
    "AgentStepMessageType0",
    "AgentStepMessageType0Role",
    "AgentStepMessageType1",
    "AgentStepMessageType1Role",
    "AgentStepMessageType2",
    "AgentStepMessageType2Role",
    "AgentStepMessageType3",
    "AgentStepMessageType3Role",
    "AgentStepRequest",
    "AgentStepRequestMemoryStrategy",
    "AgentStepRequestMemoryStrategyName",
    "AgentStepRequestToolsItem",
    "AgentStepRequestToolsItemArguments",
    "AgentStepResponse",
    "AgentStepResponseObject",
    "AgentStepResponseUsage",
    "AgentStepToolRequest",
    "AgentTool",
    "AgentToolChoiceType0",
    "AgentToolChoiceType1",
    "AgentToolChoiceType1Type",
    "AgentToolConfigType0",
    "AgentToolExecuteType0",
    "AgentToolExecuteType0BodyEncoding",
    "AgentToolExecuteType0Headers",
    "AgentToolExecuteType0Method",
    "AgentToolImportedFromType0",
    "AgentToolList",
    "AgentToolMcpType0",
    "AgentToolMcpType0Headers",
    "AgentToolParametersType0",
    "AgentToolType",
    "AiProvider",
    "AiProviderHeadersType0",
    "AiProviderKind",
    "AiProviderList",
    "AllApprovalsDecisionRequest",
    "ApiKey",
    "ApiKeyList",
    "Approval",
    "ApprovalDecisionRequest",
    "ApprovalDecisionRequestArguments",
    "ApprovalEscalationOnExpiryType1",
    "ApprovalEscalationOnExpiryType2Type1",
    "ApprovalEscalationOnExpiryType3Type1",
    "ApprovalEscalationPolicy",
    "ApprovalEscalationPolicyOnExpiry",
    "ApprovalHookConfig",
    "ApprovalHookConfigOnExpiry",
    "ApprovalList",
    "ApprovalObject",
    "ApprovalOnExpiry",
    "ApprovalRequestedBy",
    "ApprovalRequestedByChannel",
    "ApprovalStatus",
    "ApprovalToolParametersType0",
    "BackfillSchedule",
    "BackfillScheduleOverlap",
    "Branding",
    "BuiltinCatalog",
    "BuiltinCatalogEntry",
    "BuiltinCatalogEntryConfig",
    "BuiltinCatalogEntryName",
    "BuiltinCatalogEntryParameters",
    "BuiltinTool",
    "BuiltinToolConfig",
    "BuiltinToolName",
    "BuiltinToolType",
    "BusinessHours",
    "BusinessHoursScheduleItem",
    "BusinessHoursScheduleItemDaysItem",
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
    "CompactionSettings",
    "CreateAgent",
    "CreateAgentBoundaryPolicy",
    "CreateAgentBuiltinsType0",
    "CreateAgentBuiltinsType1Item",
    "CreateAgentBusinessHours",
    "CreateAgentCompaction",
    "CreateAgentContextResolversItem",
    "CreateAgentModelParameters",
    "CreateAgentMultitaskStrategy",
    "CreateAgentRequireApprovalFor",
    "CreateAiProvider",
    "CreateAiProviderHeaders",
    "CreateAiProviderKind",
    "CreateApiKey",
    "CreatedAgent",
    "CreatedApiKey",
    "CreateDocument",
    "CreateDocumentContentType",
    "CreateDocumentMetadata",
    "CreateHookType0",
    "CreateHookType0Event",
    "CreateHookType0Type",
    "CreateHookType1",
    "CreateHookType1Event",
    "CreateHookType1Type",
    "CreateHookType2",
    "CreateHookType2Event",
    "CreateHookType2Type",
    "CreateKnowledgeBase",
    "CreateKnowledgeBaseLanguage",
    "CreateKnowledgeBaseRetrievalStrategy",
    "CreateSchedule",
    "CreateScheduleOverlap",
    "CreateWebhook",
    "CreateWebhookEventsItem",
    "Document",
    "DocumentList",
    "DocumentSummary",
    "DocumentSummaryContentType",
    "DocumentSummaryMetadataType0",
    "DocumentSummaryStatus",
    "Error",
    "ErrorError",
    "ForkedFrom",
    "ForkRequest",
    "ForkRequestAppendMessagesItem",
    "ForkRequestMessagesItem",
    "GenerateRequest",
    "GenerateRequestMetadata",
    "GenerateRequestModelParameters",
    "GenerateRequestMultitaskStrategy",
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
    "GenerationRequiredActionType3",
    "GenerationRequiredActionType3ChildRequiredAction",
    "GenerationRequiredActionType3Type",
    "GenerationStatus",
    "GenerationStep",
    "GenerationStepOutcome",
    "GenerationStepStatus",
    "GenerationStepType",
    "GenerationStepUsage",
    "GenerationStopReasonType0",
    "GenerationUsage",
    "GetConsoleAssetAsset",
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
    "ImportOpenApiToolsRequest",
    "ImportOpenApiToolsRequestAuth",
    "ImportOpenApiToolsRequestDocument",
    "ImportOpenApiToolsResult",
    "ImportOpenApiToolsResultCreatedItem",
    "ImportOpenApiToolsResultMissingItem",
    "ImportOpenApiToolsResultSkippedItem",
    "ImportOpenApiToolsResultUnchangedItem",
    "ImportOpenApiToolsResultUpdatedItem",
    "KnowledgeBase",
    "KnowledgeBaseLanguage",
    "KnowledgeBaseList",
    "KnowledgeBaseRetrievalStrategy",
    "ListAgentGenerationsStatus",
    "ListApprovalsStatus",
    "ListTracesStatus",
    "ListTracesViaAgentsStatus",
    "LongTermMemory",
    "LongTermMemoryList",
    "LongTermMemoryObject",
    "McpTool",
    "McpToolType",
    "Memory",
    "MemoryRecall",
    "MemorySearchResult",
    "MemorySearchResultDataItem",
    "MemoryStrategy",
    "ModelParameters",
    "OpenApiDocument",
    "PatchAgent",
    "PatchAgentBuiltinsType0",
    "PatchAgentBuiltinsType1Item",
    "PatchAgentContextResolversItem",
    "PatchAgentMemoryRecallType0",
    "PatchAgentMultitaskStrategyType0",
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
    "PatchKnowledgeBase",
    "PatchKnowledgeBaseLanguage",
    "PatchKnowledgeBaseRetrievalStrategy",
    "PatchMemory",
    "PauseSchedule",
    "PlatformTool",
    "PlatformToolType",
    "Policy",
    "PolicyStatement",
    "PolicyStatementEffect",
    "Project",
    "PublicAgent",
    "PublicAgentBranding",
    "PublicChat",
    "PublicChatReply",
    "PublicChatReplyClarification",
    "PublicChatReplyPending",
    "PublicChatReplyPendingReason",
    "PublicChatReplyStatus",
    "PublicChatRequest",
    "PutSetting",
    "Readiness",
    "ReadinessChecks",
    "ReadinessStatus",
    "ReplaceAgent",
    "ReplaceAgentBoundaryPolicy",
    "ReplaceAgentBuiltinsType0",
    "ReplaceAgentBuiltinsType1Item",
    "ReplaceAgentBusinessHours",
    "ReplaceAgentCompaction",
    "ReplaceAgentContextResolversItem",
    "ReplaceAgentModelParameters",
    "ReplaceAgentMultitaskStrategy",
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
    "Schedule",
    "ScheduledGenerateRequest",
    "ScheduledGenerateRequestMetadata",
    "ScheduledGenerateRequestModelParameters",
    "ScheduledGenerateRequestVariables",
    "ScheduleInterval",
    "ScheduleIntervalView",
    "ScheduleList",
    "ScheduleObject",
    "ScheduleOverlap",
    "ScheduleRefusal",
    "ScheduleRefusalCode",
    "ScheduleRun",
    "ScheduleSpec",
    "ScheduleSpecView",
    "ScheduleSummary",
    "ScheduleSummaryObject",
    "SearchHit",
    "SearchHitRanks",
    "SearchKnowledgeBase",
    "SearchKnowledgeBaseStrategy",
    "SearchMemories",
    "SearchResult",
    "SearchResultStrategy",
    "Session",
    "SessionDetail",
    "SessionDetailUsage",
    "SessionList",
    "SessionMessage",
    "SessionMessageList",
    "SessionMessageRole",
    "SessionMessageToolCallsItem",
    "SessionObject",
    "SessionTurn",
    "SessionTurnStatus",
    "SessionTurnStopReasonType0",
    "SessionTurnUsage",
    "Setting",
    "SettingKey",
    "SettingList",
    "SoatTool",
    "SoatToolType",
    "SteeringMessageRecord",
    "SteeringMessageRecordObject",
    "SteeringMessageRecordStatus",
    "SteeringMessageRequest",
    "StepRule",
    "StopCondition",
    "StopConditionType",
    "StreamAgentGenerationFollow",
    "ToolChoiceType0",
    "ToolChoiceType1",
    "ToolChoiceType1Type",
    "ToolDelivery",
    "ToolExecute",
    "ToolExecuteBodyEncoding",
    "ToolExecuteHeaders",
    "ToolExecuteHeadersAdditionalPropertyType1",
    "ToolExecuteMethod",
    "ToolMcpConnection",
    "ToolMcpConnectionHeaders",
    "ToolMcpConnectionHeadersAdditionalPropertyType1",
    "ToolMcpConnectionTransport",
    "ToolOutputsRequest",
    "ToolOutputsRequestDefaults",
    "ToolOutputsRequestToolOutputsItem",
    "ToolParameters",
    "Trace",
    "TraceList",
    "TraceNode",
    "TraceNodeErrorType0",
    "TraceNodeStatus",
    "TraceNodeStopReasonType0",
    "TraceNodeUsage",
    "TraceSummary",
    "TraceSummaryObject",
    "TraceSummaryStatus",
    "TraceTotals",
    "TraceTotalsUsage",
    "UpdateSchedule",
    "UpdateScheduleOverlap",
    "Webhook",
    "WebhookDelivery",
    "WebhookDeliveryList",
    "WebhookDeliveryStatus",
    "WebhookEventsItem",
    "WebhookList",
    "WebhookObject",
)
