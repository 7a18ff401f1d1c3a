from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.approval_decision_request_arguments import ApprovalDecisionRequestArguments





T = TypeVar("T", bound="ApprovalDecisionRequest")



@_attrs_define
class ApprovalDecisionRequest:
    """ 
        Attributes:
            approved (bool):
            reason (str | Unset):
            arguments (ApprovalDecisionRequestArguments | Unset):
            async_ (bool | Unset):  Default: False.
            wait_seconds (int | Unset):  Default: 60.
     """

    approved: bool
    reason: str | Unset = UNSET
    arguments: ApprovalDecisionRequestArguments | Unset = UNSET
    async_: bool | Unset = False
    wait_seconds: int | Unset = 60





    def to_dict(self) -> dict[str, Any]:
        from ..models.approval_decision_request_arguments import ApprovalDecisionRequestArguments # noqa: PLC0415
        approved = self.approved

        reason = self.reason

        arguments: dict[str, Any] | Unset = UNSET
        if not isinstance(self.arguments, Unset):
            arguments = self.arguments.to_dict()

        async_ = self.async_

        wait_seconds = self.wait_seconds


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "approved": approved,
        })
        if reason is not UNSET:
            field_dict["reason"] = reason
        if arguments is not UNSET:
            field_dict["arguments"] = arguments
        if async_ is not UNSET:
            field_dict["async"] = async_
        if wait_seconds is not UNSET:
            field_dict["waitSeconds"] = wait_seconds

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.approval_decision_request_arguments import ApprovalDecisionRequestArguments # noqa: PLC0415
        d = dict(src_dict)
        approved = d.pop("approved")

        reason = d.pop("reason", UNSET)

        _arguments = d.pop("arguments", UNSET)
        arguments: ApprovalDecisionRequestArguments | Unset
        if isinstance(_arguments,  Unset):
            arguments = UNSET
        else:
            arguments = ApprovalDecisionRequestArguments.from_dict(_arguments)




        async_ = d.pop("async", UNSET)

        wait_seconds = d.pop("waitSeconds", UNSET)

        approval_decision_request = cls(
            approved=approved,
            reason=reason,
            arguments=arguments,
            async_=async_,
            wait_seconds=wait_seconds,
        )

        return approval_decision_request

