from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.approval_escalation_on_expiry_type_1 import ApprovalEscalationOnExpiryType1
from ..models.approval_escalation_on_expiry_type_2_type_1 import ApprovalEscalationOnExpiryType2Type1
from ..models.approval_escalation_on_expiry_type_3_type_1 import ApprovalEscalationOnExpiryType3Type1
from ..models.approval_object import ApprovalObject
from ..models.approval_on_expiry import ApprovalOnExpiry
from ..models.approval_status import ApprovalStatus
from typing import cast

if TYPE_CHECKING:
  from ..models.approval_requested_by import ApprovalRequestedBy
  from ..models.approval_tool_parameters_type_0 import ApprovalToolParametersType0





T = TypeVar("T", bound="Approval")



@_attrs_define
class Approval:
    """ 
        Attributes:
            id (str):
            object_ (ApprovalObject):
            project_id (str):
            generation_id (str):
            agent_id (str):
            trace_id (None | str):
            parent_generation_id (None | str):
            tool_call_id (str):
            tool_name (str):
            arguments (Any):
            status (ApprovalStatus):
            requested_at (str):
            expires_at (str):
            decided_at (None | str):
            decided_by (None | str): The deciding API key id, or `system:expiry` / `system:escalation` when a deadline
                decided.
            escalated_at (None | str): When the first deadline handed the approval to the hook's escalation approvers.
            on_expiry (ApprovalOnExpiry): What the first deadline decides (the matching approval hook's `onExpiry`; `deny`
                when none sets it).
            escalation_on_expiry (ApprovalEscalationOnExpiryType1 | ApprovalEscalationOnExpiryType2Type1 |
                ApprovalEscalationOnExpiryType3Type1 | None): What the escalation's deadline decides; null unless `onExpiry` is
                `escalate`.
            reason (None | str):
            edited_arguments (Any):
            requested_by (ApprovalRequestedBy): Who started the generation: an API key, or a public-chat visitor (no key).
            tool_parameters (ApprovalToolParametersType0 | None): The tool's arguments JSON Schema (edited arguments must
                match it); null when the tool has none.
     """

    id: str
    object_: ApprovalObject
    project_id: str
    generation_id: str
    agent_id: str
    trace_id: None | str
    parent_generation_id: None | str
    tool_call_id: str
    tool_name: str
    arguments: Any
    status: ApprovalStatus
    requested_at: str
    expires_at: str
    decided_at: None | str
    decided_by: None | str
    escalated_at: None | str
    on_expiry: ApprovalOnExpiry
    escalation_on_expiry: ApprovalEscalationOnExpiryType1 | ApprovalEscalationOnExpiryType2Type1 | ApprovalEscalationOnExpiryType3Type1 | None
    reason: None | str
    edited_arguments: Any
    requested_by: ApprovalRequestedBy
    tool_parameters: ApprovalToolParametersType0 | None
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.approval_requested_by import ApprovalRequestedBy # noqa: PLC0415
        from ..models.approval_tool_parameters_type_0 import ApprovalToolParametersType0 # noqa: PLC0415
        id = self.id

        object_ = self.object_.value

        project_id = self.project_id

        generation_id = self.generation_id

        agent_id = self.agent_id

        trace_id: None | str
        trace_id = self.trace_id

        parent_generation_id: None | str
        parent_generation_id = self.parent_generation_id

        tool_call_id = self.tool_call_id

        tool_name = self.tool_name

        arguments = self.arguments

        status = self.status.value

        requested_at = self.requested_at

        expires_at = self.expires_at

        decided_at: None | str
        decided_at = self.decided_at

        decided_by: None | str
        decided_by = self.decided_by

        escalated_at: None | str
        escalated_at = self.escalated_at

        on_expiry = self.on_expiry.value

        escalation_on_expiry: None | str
        if isinstance(self.escalation_on_expiry, ApprovalEscalationOnExpiryType1):
            escalation_on_expiry = self.escalation_on_expiry.value
        elif isinstance(self.escalation_on_expiry, ApprovalEscalationOnExpiryType2Type1):
            escalation_on_expiry = self.escalation_on_expiry.value
        elif isinstance(self.escalation_on_expiry, ApprovalEscalationOnExpiryType3Type1):
            escalation_on_expiry = self.escalation_on_expiry.value
        else:
            escalation_on_expiry = self.escalation_on_expiry

        reason: None | str
        reason = self.reason

        edited_arguments = self.edited_arguments

        requested_by = self.requested_by.to_dict()

        tool_parameters: dict[str, Any] | None
        if isinstance(self.tool_parameters, ApprovalToolParametersType0):
            tool_parameters = self.tool_parameters.to_dict()
        else:
            tool_parameters = self.tool_parameters


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "id": id,
            "object": object_,
            "projectId": project_id,
            "generationId": generation_id,
            "agentId": agent_id,
            "traceId": trace_id,
            "parentGenerationId": parent_generation_id,
            "toolCallId": tool_call_id,
            "toolName": tool_name,
            "arguments": arguments,
            "status": status,
            "requestedAt": requested_at,
            "expiresAt": expires_at,
            "decidedAt": decided_at,
            "decidedBy": decided_by,
            "escalatedAt": escalated_at,
            "onExpiry": on_expiry,
            "escalationOnExpiry": escalation_on_expiry,
            "reason": reason,
            "editedArguments": edited_arguments,
            "requestedBy": requested_by,
            "toolParameters": tool_parameters,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.approval_requested_by import ApprovalRequestedBy # noqa: PLC0415
        from ..models.approval_tool_parameters_type_0 import ApprovalToolParametersType0 # noqa: PLC0415
        d = dict(src_dict)
        id = d.pop("id")

        object_ = ApprovalObject(d.pop("object"))




        project_id = d.pop("projectId")

        generation_id = d.pop("generationId")

        agent_id = d.pop("agentId")

        def _parse_trace_id(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        trace_id = _parse_trace_id(d.pop("traceId"))


        def _parse_parent_generation_id(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        parent_generation_id = _parse_parent_generation_id(d.pop("parentGenerationId"))


        tool_call_id = d.pop("toolCallId")

        tool_name = d.pop("toolName")

        arguments = d.pop("arguments")

        status = ApprovalStatus(d.pop("status"))




        requested_at = d.pop("requestedAt")

        expires_at = d.pop("expiresAt")

        def _parse_decided_at(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        decided_at = _parse_decided_at(d.pop("decidedAt"))


        def _parse_decided_by(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        decided_by = _parse_decided_by(d.pop("decidedBy"))


        def _parse_escalated_at(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        escalated_at = _parse_escalated_at(d.pop("escalatedAt"))


        on_expiry = ApprovalOnExpiry(d.pop("onExpiry"))




        def _parse_escalation_on_expiry(data: object) -> ApprovalEscalationOnExpiryType1 | ApprovalEscalationOnExpiryType2Type1 | ApprovalEscalationOnExpiryType3Type1 | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                escalation_on_expiry_type_1 = ApprovalEscalationOnExpiryType1(data)



                return escalation_on_expiry_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, str):
                    raise TypeError()
                escalation_on_expiry_type_2_type_1 = ApprovalEscalationOnExpiryType2Type1(data)



                return escalation_on_expiry_type_2_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, str):
                    raise TypeError()
                escalation_on_expiry_type_3_type_1 = ApprovalEscalationOnExpiryType3Type1(data)



                return escalation_on_expiry_type_3_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(ApprovalEscalationOnExpiryType1 | ApprovalEscalationOnExpiryType2Type1 | ApprovalEscalationOnExpiryType3Type1 | None, data)

        escalation_on_expiry = _parse_escalation_on_expiry(d.pop("escalationOnExpiry"))


        def _parse_reason(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        reason = _parse_reason(d.pop("reason"))


        edited_arguments = d.pop("editedArguments")

        requested_by = ApprovalRequestedBy.from_dict(d.pop("requestedBy"))




        def _parse_tool_parameters(data: object) -> ApprovalToolParametersType0 | None:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                tool_parameters_type_0 = ApprovalToolParametersType0.from_dict(data)



                return tool_parameters_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(ApprovalToolParametersType0 | None, data)

        tool_parameters = _parse_tool_parameters(d.pop("toolParameters"))


        approval = cls(
            id=id,
            object_=object_,
            project_id=project_id,
            generation_id=generation_id,
            agent_id=agent_id,
            trace_id=trace_id,
            parent_generation_id=parent_generation_id,
            tool_call_id=tool_call_id,
            tool_name=tool_name,
            arguments=arguments,
            status=status,
            requested_at=requested_at,
            expires_at=expires_at,
            decided_at=decided_at,
            decided_by=decided_by,
            escalated_at=escalated_at,
            on_expiry=on_expiry,
            escalation_on_expiry=escalation_on_expiry,
            reason=reason,
            edited_arguments=edited_arguments,
            requested_by=requested_by,
            tool_parameters=tool_parameters,
        )


        approval.additional_properties = d
        return approval

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
