from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.search_knowledge_base_strategy import SearchKnowledgeBaseStrategy
from ..types import UNSET, Unset






T = TypeVar("T", bound="SearchKnowledgeBase")



@_attrs_define
class SearchKnowledgeBase:
    """ 
        Attributes:
            query (str):
            top_k (int | Unset):  Default: 5.
            strategy (SearchKnowledgeBaseStrategy | Unset): Defaults to the knowledge base's retrievalStrategy.
     """

    query: str
    top_k: int | Unset = 5
    strategy: SearchKnowledgeBaseStrategy | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        query = self.query

        top_k = self.top_k

        strategy: str | Unset = UNSET
        if not isinstance(self.strategy, Unset):
            strategy = self.strategy.value



        field_dict: dict[str, Any] = {}

        field_dict.update({
            "query": query,
        })
        if top_k is not UNSET:
            field_dict["topK"] = top_k
        if strategy is not UNSET:
            field_dict["strategy"] = strategy

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        query = d.pop("query")

        top_k = d.pop("topK", UNSET)

        _strategy = d.pop("strategy", UNSET)
        strategy: SearchKnowledgeBaseStrategy | Unset
        if isinstance(_strategy,  Unset):
            strategy = UNSET
        else:
            strategy = SearchKnowledgeBaseStrategy(_strategy)




        search_knowledge_base = cls(
            query=query,
            top_k=top_k,
            strategy=strategy,
        )

        return search_knowledge_base

