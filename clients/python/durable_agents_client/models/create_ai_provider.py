from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.create_ai_provider_kind import CreateAiProviderKind
from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.create_ai_provider_headers import CreateAiProviderHeaders





T = TypeVar("T", bound="CreateAiProvider")



@_attrs_define
class CreateAiProvider:
    """ 
        Attributes:
            name (str):
            kind (CreateAiProviderKind):
            default_model (str):
            base_url (str | Unset): Required for openai_compatible and azure_openai; the other kinds default to their preset
                endpoint.
            api_key (str | Unset): Write-only: encrypted at rest, never returned.
            headers (CreateAiProviderHeaders | Unset):
     """

    name: str
    kind: CreateAiProviderKind
    default_model: str
    base_url: str | Unset = UNSET
    api_key: str | Unset = UNSET
    headers: CreateAiProviderHeaders | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        from ..models.create_ai_provider_headers import CreateAiProviderHeaders # noqa: PLC0415
        name = self.name

        kind = self.kind.value

        default_model = self.default_model

        base_url = self.base_url

        api_key = self.api_key

        headers: dict[str, Any] | Unset = UNSET
        if not isinstance(self.headers, Unset):
            headers = self.headers.to_dict()


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "name": name,
            "kind": kind,
            "defaultModel": default_model,
        })
        if base_url is not UNSET:
            field_dict["baseUrl"] = base_url
        if api_key is not UNSET:
            field_dict["apiKey"] = api_key
        if headers is not UNSET:
            field_dict["headers"] = headers

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.create_ai_provider_headers import CreateAiProviderHeaders # noqa: PLC0415
        d = dict(src_dict)
        name = d.pop("name")

        kind = CreateAiProviderKind(d.pop("kind"))




        default_model = d.pop("defaultModel")

        base_url = d.pop("baseUrl", UNSET)

        api_key = d.pop("apiKey", UNSET)

        _headers = d.pop("headers", UNSET)
        headers: CreateAiProviderHeaders | Unset
        if isinstance(_headers,  Unset):
            headers = UNSET
        else:
            headers = CreateAiProviderHeaders.from_dict(_headers)




        create_ai_provider = cls(
            name=name,
            kind=kind,
            default_model=default_model,
            base_url=base_url,
            api_key=api_key,
            headers=headers,
        )

        return create_ai_provider

