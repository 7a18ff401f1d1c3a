from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset






T = TypeVar("T", bound="MemoryRecall")



@_attrs_define
class MemoryRecall:
    """ Long-term memory: before each generation with an end user, the end user's most relevant memories of this agent are
    added to the system prompt, within maxTokens (docs/memory.md). Unset: nothing is recalled (the memory tools still
    work).

        Attributes:
            max_tokens (int | Unset): Budget of the recalled block, in tokens counted as characters / 4 Default: 500.
     """

    max_tokens: int | Unset = 500





    def to_dict(self) -> dict[str, Any]:
        max_tokens = self.max_tokens


        field_dict: dict[str, Any] = {}

        field_dict.update({
        })
        if max_tokens is not UNSET:
            field_dict["maxTokens"] = max_tokens

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        max_tokens = d.pop("maxTokens", UNSET)

        memory_recall = cls(
            max_tokens=max_tokens,
        )

        return memory_recall

