from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.approval_hook_config_on_expiry import ApprovalHookConfigOnExpiry
from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.approval_escalation_policy import ApprovalEscalationPolicy





T = TypeVar("T", bound="ApprovalHookConfig")



@_attrs_define
class ApprovalHookConfig:
    """ 
        Attributes:
            timeout_seconds (int | Unset): Seconds a decision may take; defaults to the agent's approvalTimeoutSeconds.
            expires_after (int | str | Unset): Another name for `timeoutSeconds` (give one): seconds or an ISO-8601 duration
                such as `PT30M`, `P2D`.
            on_expiry (ApprovalHookConfigOnExpiry | Unset): What the deadline decides: `deny` (default; the model sees
                `expiryReason`), `approve` (needs `allowAutoApprove`, else 422), `escalate` (to `escalation.approvers`, with its
                own deadline).
            expiry_reason (str | Unset): Shown to the model when the deadline denies.
            allow_auto_approve (bool | Unset): Must be true for `onExpiry` (or `escalation.onExpiry`) `approve`: opting in
                to unattended approval.
            escalation (ApprovalEscalationPolicy | Unset):
            remind_before (int | Unset): Seconds before each deadline (first, and escalated when it fits) to send the
                `approval.reminder` webhook event.
            approvers (list[str] | Unset): API key ids that may decide (403 for any other key); omitted = any key allowed to
                decide approvals.
            requester_may_not_approve (bool | Unset): When true, the API key that started the generation may not decide its
                approvals (403). Default false.
     """

    timeout_seconds: int | Unset = UNSET
    expires_after: int | str | Unset = UNSET
    on_expiry: ApprovalHookConfigOnExpiry | Unset = UNSET
    expiry_reason: str | Unset = UNSET
    allow_auto_approve: bool | Unset = UNSET
    escalation: ApprovalEscalationPolicy | Unset = UNSET
    remind_before: int | Unset = UNSET
    approvers: list[str] | Unset = UNSET
    requester_may_not_approve: bool | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        from ..models.approval_escalation_policy import ApprovalEscalationPolicy # noqa: PLC0415
        timeout_seconds = self.timeout_seconds

        expires_after: int | str | Unset
        if isinstance(self.expires_after, Unset):
            expires_after = UNSET
        else:
            expires_after = self.expires_after

        on_expiry: str | Unset = UNSET
        if not isinstance(self.on_expiry, Unset):
            on_expiry = self.on_expiry.value


        expiry_reason = self.expiry_reason

        allow_auto_approve = self.allow_auto_approve

        escalation: dict[str, Any] | Unset = UNSET
        if not isinstance(self.escalation, Unset):
            escalation = self.escalation.to_dict()

        remind_before = self.remind_before

        approvers: list[str] | Unset = UNSET
        if not isinstance(self.approvers, Unset):
            approvers = self.approvers



        requester_may_not_approve = self.requester_may_not_approve


        field_dict: dict[str, Any] = {}

        field_dict.update({
        })
        if timeout_seconds is not UNSET:
            field_dict["timeoutSeconds"] = timeout_seconds
        if expires_after is not UNSET:
            field_dict["expiresAfter"] = expires_after
        if on_expiry is not UNSET:
            field_dict["onExpiry"] = on_expiry
        if expiry_reason is not UNSET:
            field_dict["expiryReason"] = expiry_reason
        if allow_auto_approve is not UNSET:
            field_dict["allowAutoApprove"] = allow_auto_approve
        if escalation is not UNSET:
            field_dict["escalation"] = escalation
        if remind_before is not UNSET:
            field_dict["remindBefore"] = remind_before
        if approvers is not UNSET:
            field_dict["approvers"] = approvers
        if requester_may_not_approve is not UNSET:
            field_dict["requesterMayNotApprove"] = requester_may_not_approve

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.approval_escalation_policy import ApprovalEscalationPolicy # noqa: PLC0415
        d = dict(src_dict)
        timeout_seconds = d.pop("timeoutSeconds", UNSET)

        def _parse_expires_after(data: object) -> int | str | Unset:
            if isinstance(data, Unset):
                return data
            return cast(int | str | Unset, data)

        expires_after = _parse_expires_after(d.pop("expiresAfter", UNSET))


        _on_expiry = d.pop("onExpiry", UNSET)
        on_expiry: ApprovalHookConfigOnExpiry | Unset
        if isinstance(_on_expiry,  Unset):
            on_expiry = UNSET
        else:
            on_expiry = ApprovalHookConfigOnExpiry(_on_expiry)




        expiry_reason = d.pop("expiryReason", UNSET)

        allow_auto_approve = d.pop("allowAutoApprove", UNSET)

        _escalation = d.pop("escalation", UNSET)
        escalation: ApprovalEscalationPolicy | Unset
        if isinstance(_escalation,  Unset):
            escalation = UNSET
        else:
            escalation = ApprovalEscalationPolicy.from_dict(_escalation)




        remind_before = d.pop("remindBefore", UNSET)

        approvers = cast(list[str], d.pop("approvers", UNSET))


        requester_may_not_approve = d.pop("requesterMayNotApprove", UNSET)

        approval_hook_config = cls(
            timeout_seconds=timeout_seconds,
            expires_after=expires_after,
            on_expiry=on_expiry,
            expiry_reason=expiry_reason,
            allow_auto_approve=allow_auto_approve,
            escalation=escalation,
            remind_before=remind_before,
            approvers=approvers,
            requester_may_not_approve=requester_may_not_approve,
        )

        return approval_hook_config

