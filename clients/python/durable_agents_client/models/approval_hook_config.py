from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast






T = TypeVar("T", bound="ApprovalHookConfig")



@_attrs_define
class ApprovalHookConfig:
    """ 
        Attributes:
            timeout_seconds (int | Unset): Defaults to the agent's approvalTimeoutSeconds.
            approvers (list[str] | Unset): API key ids that may decide (403 for any other key); omitted = any key allowed to
                decide approvals.
            requester_may_not_approve (bool | Unset): When true, the API key that started the generation may not decide its
                approvals (403). Default false.
     """

    timeout_seconds: int | Unset = UNSET
    approvers: list[str] | Unset = UNSET
    requester_may_not_approve: bool | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        timeout_seconds = self.timeout_seconds

        approvers: list[str] | Unset = UNSET
        if not isinstance(self.approvers, Unset):
            approvers = self.approvers



        requester_may_not_approve = self.requester_may_not_approve


        field_dict: dict[str, Any] = {}

        field_dict.update({
        })
        if timeout_seconds is not UNSET:
            field_dict["timeoutSeconds"] = timeout_seconds
        if approvers is not UNSET:
            field_dict["approvers"] = approvers
        if requester_may_not_approve is not UNSET:
            field_dict["requesterMayNotApprove"] = requester_may_not_approve

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        timeout_seconds = d.pop("timeoutSeconds", UNSET)

        approvers = cast(list[str], d.pop("approvers", UNSET))


        requester_may_not_approve = d.pop("requesterMayNotApprove", UNSET)

        approval_hook_config = cls(
            timeout_seconds=timeout_seconds,
            approvers=approvers,
            requester_may_not_approve=requester_may_not_approve,
        )

        return approval_hook_config

