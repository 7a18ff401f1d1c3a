from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast






T = TypeVar("T", bound="Guardrails")



@_attrs_define
class Guardrails:
    """ 
        Attributes:
            block_patterns (list[str] | Unset):
            require_tool_for (list[str] | Unset):
     """

    block_patterns: list[str] | Unset = UNSET
    require_tool_for: list[str] | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        block_patterns: list[str] | Unset = UNSET
        if not isinstance(self.block_patterns, Unset):
            block_patterns = self.block_patterns



        require_tool_for: list[str] | Unset = UNSET
        if not isinstance(self.require_tool_for, Unset):
            require_tool_for = self.require_tool_for




        field_dict: dict[str, Any] = {}

        field_dict.update({
        })
        if block_patterns is not UNSET:
            field_dict["blockPatterns"] = block_patterns
        if require_tool_for is not UNSET:
            field_dict["requireToolFor"] = require_tool_for

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        block_patterns = cast(list[str], d.pop("blockPatterns", UNSET))


        require_tool_for = cast(list[str], d.pop("requireToolFor", UNSET))


        guardrails = cls(
            block_patterns=block_patterns,
            require_tool_for=require_tool_for,
        )

        return guardrails

