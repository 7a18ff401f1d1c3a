from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.knowledge_base_language import KnowledgeBaseLanguage
from ..models.knowledge_base_retrieval_strategy import KnowledgeBaseRetrievalStrategy
from typing import cast






T = TypeVar("T", bound="KnowledgeBase")



@_attrs_define
class KnowledgeBase:
    """ 
        Attributes:
            id (str):
            project_id (str):
            name (str):
            description (None | str):
            retrieval_strategy (KnowledgeBaseRetrievalStrategy): vector: cosine similarity of embeddings; full_text:
                PostgreSQL text search; hybrid: reciprocal rank fusion of both.
            language (KnowledgeBaseLanguage): The text search configuration of full-text search: stemming and stop words of
                the language; `simple` lower-cases words and keeps them all.
            ai_provider_id (str):
            embedding_model (str):
            chunk_size (float):
            chunk_overlap (float):
            document_count (float):
            chunk_count (float):
            created_at (str):
            updated_at (str):
     """

    id: str
    project_id: str
    name: str
    description: None | str
    retrieval_strategy: KnowledgeBaseRetrievalStrategy
    language: KnowledgeBaseLanguage
    ai_provider_id: str
    embedding_model: str
    chunk_size: float
    chunk_overlap: float
    document_count: float
    chunk_count: float
    created_at: str
    updated_at: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        id = self.id

        project_id = self.project_id

        name = self.name

        description: None | str
        description = self.description

        retrieval_strategy = self.retrieval_strategy.value

        language = self.language.value

        ai_provider_id = self.ai_provider_id

        embedding_model = self.embedding_model

        chunk_size = self.chunk_size

        chunk_overlap = self.chunk_overlap

        document_count = self.document_count

        chunk_count = self.chunk_count

        created_at = self.created_at

        updated_at = self.updated_at


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "id": id,
            "projectId": project_id,
            "name": name,
            "description": description,
            "retrievalStrategy": retrieval_strategy,
            "language": language,
            "aiProviderId": ai_provider_id,
            "embeddingModel": embedding_model,
            "chunkSize": chunk_size,
            "chunkOverlap": chunk_overlap,
            "documentCount": document_count,
            "chunkCount": chunk_count,
            "createdAt": created_at,
            "updatedAt": updated_at,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        id = d.pop("id")

        project_id = d.pop("projectId")

        name = d.pop("name")

        def _parse_description(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        description = _parse_description(d.pop("description"))


        retrieval_strategy = KnowledgeBaseRetrievalStrategy(d.pop("retrievalStrategy"))




        language = KnowledgeBaseLanguage(d.pop("language"))




        ai_provider_id = d.pop("aiProviderId")

        embedding_model = d.pop("embeddingModel")

        chunk_size = d.pop("chunkSize")

        chunk_overlap = d.pop("chunkOverlap")

        document_count = d.pop("documentCount")

        chunk_count = d.pop("chunkCount")

        created_at = d.pop("createdAt")

        updated_at = d.pop("updatedAt")

        knowledge_base = cls(
            id=id,
            project_id=project_id,
            name=name,
            description=description,
            retrieval_strategy=retrieval_strategy,
            language=language,
            ai_provider_id=ai_provider_id,
            embedding_model=embedding_model,
            chunk_size=chunk_size,
            chunk_overlap=chunk_overlap,
            document_count=document_count,
            chunk_count=chunk_count,
            created_at=created_at,
            updated_at=updated_at,
        )


        knowledge_base.additional_properties = d
        return knowledge_base

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
