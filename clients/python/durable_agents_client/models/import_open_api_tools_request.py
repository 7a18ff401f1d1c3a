from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.import_open_api_tools_request_auth import ImportOpenApiToolsRequestAuth
  from ..models.import_open_api_tools_request_document import ImportOpenApiToolsRequestDocument





T = TypeVar("T", bound="ImportOpenApiToolsRequest")



@_attrs_define
class ImportOpenApiToolsRequest:
    """ Exactly one of `url` and `document` (both or neither is a 422).

        Example:
            {'url': 'https://api.example.com/openapi.json', 'namePrefix': 'shop', 'auth': {'bearerAuth': 'token'}}

        Attributes:
            url (str | Unset): Where to fetch the document (JSON, at most 2 MiB, 10 s), through the same address guard as
                http tools.
            document (ImportOpenApiToolsRequestDocument | Unset): The OpenAPI 3.x document as a JSON object (YAML is not
                read). Nested at most 64 levels.
            base_url (str | Unset): Replaces the document's server URL in every tool's URL.
            operations (list[str] | Unset): Import only these operationIds; one the document does not declare is a 422.
            name_prefix (str | Unset): Tool names become `{namePrefix}_{operationId}`.
            auth (ImportOpenApiToolsRequestAuth | Unset): Security scheme name → credential. An apiKey-in-header scheme
                sends it as that header, an http bearer scheme as `Authorization: Bearer …`; stored encrypted like secret
                headers. A scheme the document does not declare, or of another kind, is a 422.
            dry_run (bool | Unset): Report what would change and write nothing. Default: False.
            delete_missing (bool | Unset): Delete tools of an earlier import of this document whose operation it no longer
                declares (not attached to agents). Default: False.
     """

    url: str | Unset = UNSET
    document: ImportOpenApiToolsRequestDocument | Unset = UNSET
    base_url: str | Unset = UNSET
    operations: list[str] | Unset = UNSET
    name_prefix: str | Unset = UNSET
    auth: ImportOpenApiToolsRequestAuth | Unset = UNSET
    dry_run: bool | Unset = False
    delete_missing: bool | Unset = False





    def to_dict(self) -> dict[str, Any]:
        from ..models.import_open_api_tools_request_auth import ImportOpenApiToolsRequestAuth # noqa: PLC0415
        from ..models.import_open_api_tools_request_document import ImportOpenApiToolsRequestDocument # noqa: PLC0415
        url = self.url

        document: dict[str, Any] | Unset = UNSET
        if not isinstance(self.document, Unset):
            document = self.document.to_dict()

        base_url = self.base_url

        operations: list[str] | Unset = UNSET
        if not isinstance(self.operations, Unset):
            operations = self.operations



        name_prefix = self.name_prefix

        auth: dict[str, Any] | Unset = UNSET
        if not isinstance(self.auth, Unset):
            auth = self.auth.to_dict()

        dry_run = self.dry_run

        delete_missing = self.delete_missing


        field_dict: dict[str, Any] = {}

        field_dict.update({
        })
        if url is not UNSET:
            field_dict["url"] = url
        if document is not UNSET:
            field_dict["document"] = document
        if base_url is not UNSET:
            field_dict["baseUrl"] = base_url
        if operations is not UNSET:
            field_dict["operations"] = operations
        if name_prefix is not UNSET:
            field_dict["namePrefix"] = name_prefix
        if auth is not UNSET:
            field_dict["auth"] = auth
        if dry_run is not UNSET:
            field_dict["dryRun"] = dry_run
        if delete_missing is not UNSET:
            field_dict["deleteMissing"] = delete_missing

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.import_open_api_tools_request_auth import ImportOpenApiToolsRequestAuth # noqa: PLC0415
        from ..models.import_open_api_tools_request_document import ImportOpenApiToolsRequestDocument # noqa: PLC0415
        d = dict(src_dict)
        url = d.pop("url", UNSET)

        _document = d.pop("document", UNSET)
        document: ImportOpenApiToolsRequestDocument | Unset
        if isinstance(_document,  Unset):
            document = UNSET
        else:
            document = ImportOpenApiToolsRequestDocument.from_dict(_document)




        base_url = d.pop("baseUrl", UNSET)

        operations = cast(list[str], d.pop("operations", UNSET))


        name_prefix = d.pop("namePrefix", UNSET)

        _auth = d.pop("auth", UNSET)
        auth: ImportOpenApiToolsRequestAuth | Unset
        if isinstance(_auth,  Unset):
            auth = UNSET
        else:
            auth = ImportOpenApiToolsRequestAuth.from_dict(_auth)




        dry_run = d.pop("dryRun", UNSET)

        delete_missing = d.pop("deleteMissing", UNSET)

        import_open_api_tools_request = cls(
            url=url,
            document=document,
            base_url=base_url,
            operations=operations,
            name_prefix=name_prefix,
            auth=auth,
            dry_run=dry_run,
            delete_missing=delete_missing,
        )

        return import_open_api_tools_request

