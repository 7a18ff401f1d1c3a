from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset







T = TypeVar("T", bound="GenerationStepUsage")



@_attrs_define
class GenerationStepUsage:
    """ compaction: tokens of the summary call; model_call: tokens of the nested call (both counted in the generation usage)

        Attributes:
            prompt_tokens (float):
            completion_tokens (float):
     """

    prompt_tokens: float
    completion_tokens: float
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        prompt_tokens = self.prompt_tokens

        completion_tokens = self.completion_tokens


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "promptTokens": prompt_tokens,
            "completionTokens": completion_tokens,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        prompt_tokens = d.pop("promptTokens")

        completion_tokens = d.pop("completionTokens")

        generation_step_usage = cls(
            prompt_tokens=prompt_tokens,
            completion_tokens=completion_tokens,
        )


        generation_step_usage.additional_properties = d
        return generation_step_usage

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
