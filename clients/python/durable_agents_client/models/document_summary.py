from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.document_summary_content_type import DocumentSummaryContentType
from ..models.document_summary_status import DocumentSummaryStatus
from typing import cast

if TYPE_CHECKING:
  from ..models.document_summary_metadata_type_0 import DocumentSummaryMetadataType0





T = TypeVar("T", bound="DocumentSummary")



@_attrs_define
class DocumentSummary:
    """ 
        Attributes:
            id (str):
            knowledge_base_id (str):
            title (str):
            content_type (DocumentSummaryContentType): text/markdown: chunks start at headings where possible.
            content_hash (str): sha256 of the content; the same content added again returns this document.
            content_length (float):
            metadata (DocumentSummaryMetadataType0 | None):
            status (DocumentSummaryStatus):
            error (None | str):
            chunk_count (float):
            chunks_indexed (float): Progress of the current ingestion run.
            indexed_at (None | str):
            created_at (str):
            updated_at (str):
     """

    id: str
    knowledge_base_id: str
    title: str
    content_type: DocumentSummaryContentType
    content_hash: str
    content_length: float
    metadata: DocumentSummaryMetadataType0 | None
    status: DocumentSummaryStatus
    error: None | str
    chunk_count: float
    chunks_indexed: float
    indexed_at: None | str
    created_at: str
    updated_at: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.document_summary_metadata_type_0 import DocumentSummaryMetadataType0 # noqa: PLC0415
        id = self.id

        knowledge_base_id = self.knowledge_base_id

        title = self.title

        content_type = self.content_type.value

        content_hash = self.content_hash

        content_length = self.content_length

        metadata: dict[str, Any] | None
        if isinstance(self.metadata, DocumentSummaryMetadataType0):
            metadata = self.metadata.to_dict()
        else:
            metadata = self.metadata

        status = self.status.value

        error: None | str
        error = self.error

        chunk_count = self.chunk_count

        chunks_indexed = self.chunks_indexed

        indexed_at: None | str
        indexed_at = self.indexed_at

        created_at = self.created_at

        updated_at = self.updated_at


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "id": id,
            "knowledgeBaseId": knowledge_base_id,
            "title": title,
            "contentType": content_type,
            "contentHash": content_hash,
            "contentLength": content_length,
            "metadata": metadata,
            "status": status,
            "error": error,
            "chunkCount": chunk_count,
            "chunksIndexed": chunks_indexed,
            "indexedAt": indexed_at,
            "createdAt": created_at,
            "updatedAt": updated_at,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.document_summary_metadata_type_0 import DocumentSummaryMetadataType0 # noqa: PLC0415
        d = dict(src_dict)
        id = d.pop("id")

        knowledge_base_id = d.pop("knowledgeBaseId")

        title = d.pop("title")

        content_type = DocumentSummaryContentType(d.pop("contentType"))




        content_hash = d.pop("contentHash")

        content_length = d.pop("contentLength")

        def _parse_metadata(data: object) -> DocumentSummaryMetadataType0 | None:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                metadata_type_0 = DocumentSummaryMetadataType0.from_dict(data)



                return metadata_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(DocumentSummaryMetadataType0 | None, data)

        metadata = _parse_metadata(d.pop("metadata"))


        status = DocumentSummaryStatus(d.pop("status"))




        def _parse_error(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        error = _parse_error(d.pop("error"))


        chunk_count = d.pop("chunkCount")

        chunks_indexed = d.pop("chunksIndexed")

        def _parse_indexed_at(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        indexed_at = _parse_indexed_at(d.pop("indexedAt"))


        created_at = d.pop("createdAt")

        updated_at = d.pop("updatedAt")

        document_summary = cls(
            id=id,
            knowledge_base_id=knowledge_base_id,
            title=title,
            content_type=content_type,
            content_hash=content_hash,
            content_length=content_length,
            metadata=metadata,
            status=status,
            error=error,
            chunk_count=chunk_count,
            chunks_indexed=chunks_indexed,
            indexed_at=indexed_at,
            created_at=created_at,
            updated_at=updated_at,
        )


        document_summary.additional_properties = d
        return document_summary

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
