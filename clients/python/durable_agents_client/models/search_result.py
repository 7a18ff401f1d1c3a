from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.search_result_strategy import SearchResultStrategy
from typing import cast

if TYPE_CHECKING:
  from ..models.search_hit import SearchHit





T = TypeVar("T", bound="SearchResult")



@_attrs_define
class SearchResult:
    """ 
        Attributes:
            strategy (SearchResultStrategy): vector: cosine similarity of embeddings; full_text: PostgreSQL text search;
                hybrid: reciprocal rank fusion of both.
            hits (list[SearchHit]):
     """

    strategy: SearchResultStrategy
    hits: list[SearchHit]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.search_hit import SearchHit # noqa: PLC0415
        strategy = self.strategy.value

        hits = []
        for hits_item_data in self.hits:
            hits_item = hits_item_data.to_dict()
            hits.append(hits_item)




        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "strategy": strategy,
            "hits": hits,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.search_hit import SearchHit # noqa: PLC0415
        d = dict(src_dict)
        strategy = SearchResultStrategy(d.pop("strategy"))




        hits = []
        _hits = d.pop("hits")
        for hits_item_data in (_hits):
            hits_item = SearchHit.from_dict(hits_item_data)



            hits.append(hits_item)


        search_result = cls(
            strategy=strategy,
            hits=hits,
        )


        search_result.additional_properties = d
        return search_result

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
