from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.create_knowledge_base_language import CreateKnowledgeBaseLanguage
from ..models.create_knowledge_base_retrieval_strategy import CreateKnowledgeBaseRetrievalStrategy
from ..types import UNSET, Unset






T = TypeVar("T", bound="CreateKnowledgeBase")



@_attrs_define
class CreateKnowledgeBase:
    """ 
        Attributes:
            name (str): Unique per project; agents search a subset of their knowledge bases by name.
            ai_provider_id (str): The provider whose OpenAI-compatible /embeddings endpoint is used. Example:
                aip_4kT9xQ2mZ8wR.
            embedding_model (str):
            description (str | Unset): Shown to the model in the knowledge_search tool.
            retrieval_strategy (CreateKnowledgeBaseRetrievalStrategy | Unset): vector: cosine similarity of embeddings;
                full_text: PostgreSQL text search; hybrid: reciprocal rank fusion of both. Default:
                CreateKnowledgeBaseRetrievalStrategy.HYBRID.
            language (CreateKnowledgeBaseLanguage | Unset): The text search configuration of full-text search: stemming and
                stop words of the language; `simple` lower-cases words and keeps them all. Default:
                CreateKnowledgeBaseLanguage.ENGLISH.
            chunk_size (int | Unset): Target chunk length in characters. Default: 1000.
            chunk_overlap (int | Unset): Characters shared by consecutive chunks; less than half of chunkSize (otherwise
                422). Default: 150.
     """

    name: str
    ai_provider_id: str
    embedding_model: str
    description: str | Unset = UNSET
    retrieval_strategy: CreateKnowledgeBaseRetrievalStrategy | Unset = CreateKnowledgeBaseRetrievalStrategy.HYBRID
    language: CreateKnowledgeBaseLanguage | Unset = CreateKnowledgeBaseLanguage.ENGLISH
    chunk_size: int | Unset = 1000
    chunk_overlap: int | Unset = 150





    def to_dict(self) -> dict[str, Any]:
        name = self.name

        ai_provider_id = self.ai_provider_id

        embedding_model = self.embedding_model

        description = self.description

        retrieval_strategy: str | Unset = UNSET
        if not isinstance(self.retrieval_strategy, Unset):
            retrieval_strategy = self.retrieval_strategy.value


        language: str | Unset = UNSET
        if not isinstance(self.language, Unset):
            language = self.language.value


        chunk_size = self.chunk_size

        chunk_overlap = self.chunk_overlap


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "name": name,
            "aiProviderId": ai_provider_id,
            "embeddingModel": embedding_model,
        })
        if description is not UNSET:
            field_dict["description"] = description
        if retrieval_strategy is not UNSET:
            field_dict["retrievalStrategy"] = retrieval_strategy
        if language is not UNSET:
            field_dict["language"] = language
        if chunk_size is not UNSET:
            field_dict["chunkSize"] = chunk_size
        if chunk_overlap is not UNSET:
            field_dict["chunkOverlap"] = chunk_overlap

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        name = d.pop("name")

        ai_provider_id = d.pop("aiProviderId")

        embedding_model = d.pop("embeddingModel")

        description = d.pop("description", UNSET)

        _retrieval_strategy = d.pop("retrievalStrategy", UNSET)
        retrieval_strategy: CreateKnowledgeBaseRetrievalStrategy | Unset
        if isinstance(_retrieval_strategy,  Unset):
            retrieval_strategy = UNSET
        else:
            retrieval_strategy = CreateKnowledgeBaseRetrievalStrategy(_retrieval_strategy)




        _language = d.pop("language", UNSET)
        language: CreateKnowledgeBaseLanguage | Unset
        if isinstance(_language,  Unset):
            language = UNSET
        else:
            language = CreateKnowledgeBaseLanguage(_language)




        chunk_size = d.pop("chunkSize", UNSET)

        chunk_overlap = d.pop("chunkOverlap", UNSET)

        create_knowledge_base = cls(
            name=name,
            ai_provider_id=ai_provider_id,
            embedding_model=embedding_model,
            description=description,
            retrieval_strategy=retrieval_strategy,
            language=language,
            chunk_size=chunk_size,
            chunk_overlap=chunk_overlap,
        )

        return create_knowledge_base

