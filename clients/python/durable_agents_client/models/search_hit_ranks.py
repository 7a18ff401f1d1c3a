from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast






T = TypeVar("T", bound="SearchHitRanks")



@_attrs_define
class SearchHitRanks:
    """ 1-based rank of the chunk in each list that was searched (null: not in that list).

        Attributes:
            full_text (float | None):
            vector (float | None):
     """

    full_text: float | None
    vector: float | None
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        full_text: float | None
        full_text = self.full_text

        vector: float | None
        vector = self.vector


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "fullText": full_text,
            "vector": vector,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        def _parse_full_text(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        full_text = _parse_full_text(d.pop("fullText"))


        def _parse_vector(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        vector = _parse_vector(d.pop("vector"))


        search_hit_ranks = cls(
            full_text=full_text,
            vector=vector,
        )


        search_hit_ranks.additional_properties = d
        return search_hit_ranks

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
