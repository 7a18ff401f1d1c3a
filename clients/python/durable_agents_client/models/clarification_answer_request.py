from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset






T = TypeVar("T", bound="ClarificationAnswerRequest")



@_attrs_define
class ClarificationAnswerRequest:
    """ 
        Attributes:
            answer (str):
            tool_call_id (str | Unset): The question's id (requiredAction.clarification.toolCallId). When given, the answer
                is refused with 409 unless that question is the one waiting, so a late retry never answers a later question.
            async_ (bool | Unset):  Default: False.
            wait_seconds (int | Unset):  Default: 60.
     """

    answer: str
    tool_call_id: str | Unset = UNSET
    async_: bool | Unset = False
    wait_seconds: int | Unset = 60





    def to_dict(self) -> dict[str, Any]:
        answer = self.answer

        tool_call_id = self.tool_call_id

        async_ = self.async_

        wait_seconds = self.wait_seconds


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "answer": answer,
        })
        if tool_call_id is not UNSET:
            field_dict["toolCallId"] = tool_call_id
        if async_ is not UNSET:
            field_dict["async"] = async_
        if wait_seconds is not UNSET:
            field_dict["waitSeconds"] = wait_seconds

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        answer = d.pop("answer")

        tool_call_id = d.pop("toolCallId", UNSET)

        async_ = d.pop("async", UNSET)

        wait_seconds = d.pop("waitSeconds", UNSET)

        clarification_answer_request = cls(
            answer=answer,
            tool_call_id=tool_call_id,
            async_=async_,
            wait_seconds=wait_seconds,
        )

        return clarification_answer_request

