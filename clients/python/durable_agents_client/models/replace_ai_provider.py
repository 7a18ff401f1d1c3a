from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.replace_ai_provider_kind import ReplaceAiProviderKind
from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.replace_ai_provider_headers import ReplaceAiProviderHeaders





T = TypeVar("T", bound="ReplaceAiProvider")



@_attrs_define
class ReplaceAiProvider:
    """ 
        Attributes:
            name (str):
            kind (ReplaceAiProviderKind):
            default_model (str):
            base_url (str | Unset): Required for openai_compatible and azure_openai; the other kinds default to their preset
                endpoint.
            api_key (None | str | Unset): Omit to keep the stored key (not when kind or baseUrl changes: 422); null removes
                it. Write-only.
            headers (ReplaceAiProviderHeaders | Unset):
     """

    name: str
    kind: ReplaceAiProviderKind
    default_model: str
    base_url: str | Unset = UNSET
    api_key: None | str | Unset = UNSET
    headers: ReplaceAiProviderHeaders | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        from ..models.replace_ai_provider_headers import ReplaceAiProviderHeaders # noqa: PLC0415
        name = self.name

        kind = self.kind.value

        default_model = self.default_model

        base_url = self.base_url

        api_key: None | str | Unset
        if isinstance(self.api_key, Unset):
            api_key = UNSET
        else:
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
        from ..models.replace_ai_provider_headers import ReplaceAiProviderHeaders # noqa: PLC0415
        d = dict(src_dict)
        name = d.pop("name")

        kind = ReplaceAiProviderKind(d.pop("kind"))




        default_model = d.pop("defaultModel")

        base_url = d.pop("baseUrl", UNSET)

        def _parse_api_key(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        api_key = _parse_api_key(d.pop("apiKey", UNSET))


        _headers = d.pop("headers", UNSET)
        headers: ReplaceAiProviderHeaders | Unset
        if isinstance(_headers,  Unset):
            headers = UNSET
        else:
            headers = ReplaceAiProviderHeaders.from_dict(_headers)




        replace_ai_provider = cls(
            name=name,
            kind=kind,
            default_model=default_model,
            base_url=base_url,
            api_key=api_key,
            headers=headers,
        )

        return replace_ai_provider

