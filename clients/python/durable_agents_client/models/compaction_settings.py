from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset






T = TypeVar("T", bound="CompactionSettings")



@_attrs_define
class CompactionSettings:
    """ 
        Attributes:
            model (str | Unset): Default: the agent's model, or the defaultModel of aiProviderId when that is another
                provider
            ai_provider_id (str | Unset): An AI provider of the project (default: the agent's) Example: aip_4kT9xQ2mZ8wR.
     """

    model: str | Unset = UNSET
    ai_provider_id: str | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        model = self.model

        ai_provider_id = self.ai_provider_id


        field_dict: dict[str, Any] = {}

        field_dict.update({
        })
        if model is not UNSET:
            field_dict["model"] = model
        if ai_provider_id is not UNSET:
            field_dict["aiProviderId"] = ai_provider_id

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        model = d.pop("model", UNSET)

        ai_provider_id = d.pop("aiProviderId", UNSET)

        compaction_settings = cls(
            model=model,
            ai_provider_id=ai_provider_id,
        )

        return compaction_settings

