from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.approval_escalation_policy_on_expiry import ApprovalEscalationPolicyOnExpiry
from ..types import UNSET, Unset
from typing import cast






T = TypeVar("T", bound="ApprovalEscalationPolicy")



@_attrs_define
class ApprovalEscalationPolicy:
    """ 
        Attributes:
            approvers (list[str]): API key ids that decide once the first deadline passed; the first group no longer may.
            expires_after (int | str): Seconds (integer) or an ISO-8601 duration of days, hours, minutes, seconds (e.g.
                `PT30M`, `P2D`).
            on_expiry (ApprovalEscalationPolicyOnExpiry | Unset): What the second deadline decides; `approve` needs
                `allowAutoApprove` on the hook. Default: ApprovalEscalationPolicyOnExpiry.DENY.
            expiry_reason (str | Unset): Shown to the model when the second deadline denies.
     """

    approvers: list[str]
    expires_after: int | str
    on_expiry: ApprovalEscalationPolicyOnExpiry | Unset = ApprovalEscalationPolicyOnExpiry.DENY
    expiry_reason: str | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        approvers = self.approvers



        expires_after: int | str
        expires_after = self.expires_after

        on_expiry: str | Unset = UNSET
        if not isinstance(self.on_expiry, Unset):
            on_expiry = self.on_expiry.value


        expiry_reason = self.expiry_reason


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "approvers": approvers,
            "expiresAfter": expires_after,
        })
        if on_expiry is not UNSET:
            field_dict["onExpiry"] = on_expiry
        if expiry_reason is not UNSET:
            field_dict["expiryReason"] = expiry_reason

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        approvers = cast(list[str], d.pop("approvers"))


        def _parse_expires_after(data: object) -> int | str:
            return cast(int | str, data)

        expires_after = _parse_expires_after(d.pop("expiresAfter"))


        _on_expiry = d.pop("onExpiry", UNSET)
        on_expiry: ApprovalEscalationPolicyOnExpiry | Unset
        if isinstance(_on_expiry,  Unset):
            on_expiry = UNSET
        else:
            on_expiry = ApprovalEscalationPolicyOnExpiry(_on_expiry)




        expiry_reason = d.pop("expiryReason", UNSET)

        approval_escalation_policy = cls(
            approvers=approvers,
            expires_after=expires_after,
            on_expiry=on_expiry,
            expiry_reason=expiry_reason,
        )

        return approval_escalation_policy

