from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.patch_knowledge_base_language import PatchKnowledgeBaseLanguage
from ..models.patch_knowledge_base_retrieval_strategy import PatchKnowledgeBaseRetrievalStrategy
from ..types import UNSET, Unset
from typing import cast






T = TypeVar("T", bound="PatchKnowledgeBase")



@_attrs_define
class PatchKnowledgeBase:
    """ A merge patch. Changing language, aiProviderId, embeddingModel, chunkSize or chunkOverlap re-indexes every document.

        Attributes:
            name (str | Unset): Unique per project; agents search a subset of their knowledge bases by name.
            description (None | str | Unset):
            retrieval_strategy (PatchKnowledgeBaseRetrievalStrategy | Unset): vector: cosine similarity of embeddings;
                full_text: PostgreSQL text search; hybrid: reciprocal rank fusion of both.
            language (PatchKnowledgeBaseLanguage | Unset): The text search configuration of full-text search: stemming and
                stop words of the language; `simple` lower-cases words and keeps them all.
            ai_provider_id (str | Unset): The provider whose OpenAI-compatible /embeddings endpoint is used. Example:
                aip_4kT9xQ2mZ8wR.
            embedding_model (str | Unset):
            chunk_size (int | Unset):
            chunk_overlap (int | Unset):
     """

    name: str | Unset = UNSET
    description: None | str | Unset = UNSET
    retrieval_strategy: PatchKnowledgeBaseRetrievalStrategy | Unset = UNSET
    language: PatchKnowledgeBaseLanguage | Unset = UNSET
    ai_provider_id: str | Unset = UNSET
    embedding_model: str | Unset = UNSET
    chunk_size: int | Unset = UNSET
    chunk_overlap: int | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        name = self.name

        description: None | str | Unset
        if isinstance(self.description, Unset):
            description = UNSET
        else:
            description = self.description

        retrieval_strategy: str | Unset = UNSET
        if not isinstance(self.retrieval_strategy, Unset):
            retrieval_strategy = self.retrieval_strategy.value


        language: str | Unset = UNSET
        if not isinstance(self.language, Unset):
            language = self.language.value


        ai_provider_id = self.ai_provider_id

        embedding_model = self.embedding_model

        chunk_size = self.chunk_size

        chunk_overlap = self.chunk_overlap


        field_dict: dict[str, Any] = {}

        field_dict.update({
        })
        if name is not UNSET:
            field_dict["name"] = name
        if description is not UNSET:
            field_dict["description"] = description
        if retrieval_strategy is not UNSET:
            field_dict["retrievalStrategy"] = retrieval_strategy
        if language is not UNSET:
            field_dict["language"] = language
        if ai_provider_id is not UNSET:
            field_dict["aiProviderId"] = ai_provider_id
        if embedding_model is not UNSET:
            field_dict["embeddingModel"] = embedding_model
        if chunk_size is not UNSET:
            field_dict["chunkSize"] = chunk_size
        if chunk_overlap is not UNSET:
            field_dict["chunkOverlap"] = chunk_overlap

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        name = d.pop("name", UNSET)

        def _parse_description(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        description = _parse_description(d.pop("description", UNSET))


        _retrieval_strategy = d.pop("retrievalStrategy", UNSET)
        retrieval_strategy: PatchKnowledgeBaseRetrievalStrategy | Unset
        if isinstance(_retrieval_strategy,  Unset):
            retrieval_strategy = UNSET
        else:
            retrieval_strategy = PatchKnowledgeBaseRetrievalStrategy(_retrieval_strategy)




        _language = d.pop("language", UNSET)
        language: PatchKnowledgeBaseLanguage | Unset
        if isinstance(_language,  Unset):
            language = UNSET
        else:
            language = PatchKnowledgeBaseLanguage(_language)




        ai_provider_id = d.pop("aiProviderId", UNSET)

        embedding_model = d.pop("embeddingModel", UNSET)

        chunk_size = d.pop("chunkSize", UNSET)

        chunk_overlap = d.pop("chunkOverlap", UNSET)

        patch_knowledge_base = cls(
            name=name,
            description=description,
            retrieval_strategy=retrieval_strategy,
            language=language,
            ai_provider_id=ai_provider_id,
            embedding_model=embedding_model,
            chunk_size=chunk_size,
            chunk_overlap=chunk_overlap,
        )

        return patch_knowledge_base

