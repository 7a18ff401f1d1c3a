from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset






T = TypeVar("T", bound="ReplaceAgentCompaction")



@_attrs_define
class ReplaceAgentCompaction:
    """ 
        Attributes:
            model (str | Unset): Default: the agent's model, or the defaultModel of aiProviderId when that is another
                provider
            ai_provider_id (str | Unset): An AI provider of the project (default: the agent's) Example: aip_4kT9xQ2mZ8wR.
     """

    model: str | Unset = UNSET
    ai_provider_id: str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        model = self.model

        ai_provider_id = self.ai_provider_id


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
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

        replace_agent_compaction = cls(
            model=model,
            ai_provider_id=ai_provider_id,
        )


        replace_agent_compaction.additional_properties = d
        return replace_agent_compaction

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
