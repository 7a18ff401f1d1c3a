from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset






T = TypeVar("T", bound="PatchAgentMemoryRecallType0")



@_attrs_define
class PatchAgentMemoryRecallType0:
    """ 
        Attributes:
            max_tokens (int | Unset): Budget of the recalled block, in tokens counted as characters / 4 Default: 500.
     """

    max_tokens: int | Unset = 500
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        max_tokens = self.max_tokens


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
        })
        if max_tokens is not UNSET:
            field_dict["maxTokens"] = max_tokens

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        max_tokens = d.pop("maxTokens", UNSET)

        patch_agent_memory_recall_type_0 = cls(
            max_tokens=max_tokens,
        )


        patch_agent_memory_recall_type_0.additional_properties = d
        return patch_agent_memory_recall_type_0

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
