from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.agent_step_request_memory_strategy_name import AgentStepRequestMemoryStrategyName






T = TypeVar("T", bound="AgentStepRequestMemoryStrategy")



@_attrs_define
class AgentStepRequestMemoryStrategy:
    """ Send only the last k messages (system messages are always kept)

        Attributes:
            name (AgentStepRequestMemoryStrategyName):
            k (int):
     """

    name: AgentStepRequestMemoryStrategyName
    k: int





    def to_dict(self) -> dict[str, Any]:
        name = self.name.value

        k = self.k


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "name": name,
            "k": k,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        name = AgentStepRequestMemoryStrategyName(d.pop("name"))




        k = d.pop("k")

        agent_step_request_memory_strategy = cls(
            name=name,
            k=k,
        )

        return agent_step_request_memory_strategy

