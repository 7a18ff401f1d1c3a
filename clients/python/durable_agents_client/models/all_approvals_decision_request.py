from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset






T = TypeVar("T", bound="AllApprovalsDecisionRequest")



@_attrs_define
class AllApprovalsDecisionRequest:
    """ 
        Attributes:
            approved (bool): The decision for every approval the generation waits for.
            reason (str | Unset):
            async_ (bool | Unset):  Default: False.
            wait_seconds (int | Unset):  Default: 60.
     """

    approved: bool
    reason: str | Unset = UNSET
    async_: bool | Unset = False
    wait_seconds: int | Unset = 60





    def to_dict(self) -> dict[str, Any]:
        approved = self.approved

        reason = self.reason

        async_ = self.async_

        wait_seconds = self.wait_seconds


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "approved": approved,
        })
        if reason is not UNSET:
            field_dict["reason"] = reason
        if async_ is not UNSET:
            field_dict["async"] = async_
        if wait_seconds is not UNSET:
            field_dict["waitSeconds"] = wait_seconds

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        approved = d.pop("approved")

        reason = d.pop("reason", UNSET)

        async_ = d.pop("async", UNSET)

        wait_seconds = d.pop("waitSeconds", UNSET)

        all_approvals_decision_request = cls(
            approved=approved,
            reason=reason,
            async_=async_,
            wait_seconds=wait_seconds,
        )

        return all_approvals_decision_request

