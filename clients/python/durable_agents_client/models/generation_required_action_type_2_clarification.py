from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset






T = TypeVar("T", bound="GenerationRequiredActionType2Clarification")



@_attrs_define
class GenerationRequiredActionType2Clarification:
    """ 
        Attributes:
            question (str):
            tool_call_id (str):
            reason (str | Unset):
     """

    question: str
    tool_call_id: str
    reason: str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        question = self.question

        tool_call_id = self.tool_call_id

        reason = self.reason


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "question": question,
            "toolCallId": tool_call_id,
        })
        if reason is not UNSET:
            field_dict["reason"] = reason

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        question = d.pop("question")

        tool_call_id = d.pop("toolCallId")

        reason = d.pop("reason", UNSET)

        generation_required_action_type_2_clarification = cls(
            question=question,
            tool_call_id=tool_call_id,
            reason=reason,
        )


        generation_required_action_type_2_clarification.additional_properties = d
        return generation_required_action_type_2_clarification

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
