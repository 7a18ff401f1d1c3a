from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast






T = TypeVar("T", bound="AgentGuardrailsType0")



@_attrs_define
class AgentGuardrailsType0:
    """ 
        Attributes:
            block_patterns (list[str]):
            require_tool_for (list[str]):
     """

    block_patterns: list[str]
    require_tool_for: list[str]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        block_patterns = self.block_patterns



        require_tool_for = self.require_tool_for




        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "blockPatterns": block_patterns,
            "requireToolFor": require_tool_for,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        block_patterns = cast(list[str], d.pop("blockPatterns"))


        require_tool_for = cast(list[str], d.pop("requireToolFor"))


        agent_guardrails_type_0 = cls(
            block_patterns=block_patterns,
            require_tool_for=require_tool_for,
        )


        agent_guardrails_type_0.additional_properties = d
        return agent_guardrails_type_0

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
