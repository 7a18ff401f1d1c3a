from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.create_document_content_type import CreateDocumentContentType
from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.create_document_metadata import CreateDocumentMetadata





T = TypeVar("T", bound="CreateDocument")



@_attrs_define
class CreateDocument:
    """ 
        Attributes:
            title (str):
            content (str):
            content_type (CreateDocumentContentType | Unset): text/markdown: chunks start at headings where possible.
                Default: CreateDocumentContentType.TEXTPLAIN.
            metadata (CreateDocumentMetadata | Unset): Nested at most 32 levels deep, with at most 20,000 values in all
                (otherwise 422: JSON Schema cannot count them).
     """

    title: str
    content: str
    content_type: CreateDocumentContentType | Unset = CreateDocumentContentType.TEXTPLAIN
    metadata: CreateDocumentMetadata | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        from ..models.create_document_metadata import CreateDocumentMetadata # noqa: PLC0415
        title = self.title

        content = self.content

        content_type: str | Unset = UNSET
        if not isinstance(self.content_type, Unset):
            content_type = self.content_type.value


        metadata: dict[str, Any] | Unset = UNSET
        if not isinstance(self.metadata, Unset):
            metadata = self.metadata.to_dict()


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "title": title,
            "content": content,
        })
        if content_type is not UNSET:
            field_dict["contentType"] = content_type
        if metadata is not UNSET:
            field_dict["metadata"] = metadata

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.create_document_metadata import CreateDocumentMetadata # noqa: PLC0415
        d = dict(src_dict)
        title = d.pop("title")

        content = d.pop("content")

        _content_type = d.pop("contentType", UNSET)
        content_type: CreateDocumentContentType | Unset
        if isinstance(_content_type,  Unset):
            content_type = UNSET
        else:
            content_type = CreateDocumentContentType(_content_type)




        _metadata = d.pop("metadata", UNSET)
        metadata: CreateDocumentMetadata | Unset
        if isinstance(_metadata,  Unset):
            metadata = UNSET
        else:
            metadata = CreateDocumentMetadata.from_dict(_metadata)




        create_document = cls(
            title=title,
            content=content,
            content_type=content_type,
            metadata=metadata,
        )

        return create_document

