from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast

if TYPE_CHECKING:
  from ..models.search_hit_ranks import SearchHitRanks





T = TypeVar("T", bound="SearchHit")



@_attrs_define
class SearchHit:
    """ 
        Attributes:
            knowledge_base_id (str):
            knowledge_base_name (str):
            document_id (str):
            document_title (str):
            chunk_index (float):
            start_offset (float): Character offset of the chunk in the document content.
            end_offset (float): End of the chunk (exclusive).
            excerpt (str):
            score (float): Cosine similarity (vector), ts_rank_cd (full_text) or the fused RRF score (hybrid).
            ranks (SearchHitRanks): 1-based rank of the chunk in each list that was searched (null: not in that list).
     """

    knowledge_base_id: str
    knowledge_base_name: str
    document_id: str
    document_title: str
    chunk_index: float
    start_offset: float
    end_offset: float
    excerpt: str
    score: float
    ranks: SearchHitRanks
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.search_hit_ranks import SearchHitRanks # noqa: PLC0415
        knowledge_base_id = self.knowledge_base_id

        knowledge_base_name = self.knowledge_base_name

        document_id = self.document_id

        document_title = self.document_title

        chunk_index = self.chunk_index

        start_offset = self.start_offset

        end_offset = self.end_offset

        excerpt = self.excerpt

        score = self.score

        ranks = self.ranks.to_dict()


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "knowledgeBaseId": knowledge_base_id,
            "knowledgeBaseName": knowledge_base_name,
            "documentId": document_id,
            "documentTitle": document_title,
            "chunkIndex": chunk_index,
            "startOffset": start_offset,
            "endOffset": end_offset,
            "excerpt": excerpt,
            "score": score,
            "ranks": ranks,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.search_hit_ranks import SearchHitRanks # noqa: PLC0415
        d = dict(src_dict)
        knowledge_base_id = d.pop("knowledgeBaseId")

        knowledge_base_name = d.pop("knowledgeBaseName")

        document_id = d.pop("documentId")

        document_title = d.pop("documentTitle")

        chunk_index = d.pop("chunkIndex")

        start_offset = d.pop("startOffset")

        end_offset = d.pop("endOffset")

        excerpt = d.pop("excerpt")

        score = d.pop("score")

        ranks = SearchHitRanks.from_dict(d.pop("ranks"))




        search_hit = cls(
            knowledge_base_id=knowledge_base_id,
            knowledge_base_name=knowledge_base_name,
            document_id=document_id,
            document_title=document_title,
            chunk_index=chunk_index,
            start_offset=start_offset,
            end_offset=end_offset,
            excerpt=excerpt,
            score=score,
            ranks=ranks,
        )


        search_hit.additional_properties = d
        return search_hit

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
