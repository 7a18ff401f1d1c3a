from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.memory_strategy import MemoryStrategy
from ..types import UNSET, Unset






T = TypeVar("T", bound="Memory")



@_attrs_define
class Memory:
    """ Which earlier turns of a session the model sees (default all); the stored conversation stays whole

        Attributes:
            strategy (MemoryStrategy):
            k (int | Unset):
     """

    strategy: MemoryStrategy
    k: int | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        strategy = self.strategy.value

        k = self.k


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "strategy": strategy,
        })
        if k is not UNSET:
            field_dict["k"] = k

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        strategy = MemoryStrategy(d.pop("strategy"))




        k = d.pop("k", UNSET)

        memory = cls(
            strategy=strategy,
            k=k,
        )

        return memory

