from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.patch_ai_provider_kind import PatchAiProviderKind
from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.patch_ai_provider_headers_type_0 import PatchAiProviderHeadersType0





T = TypeVar("T", bound="PatchAiProvider")



@_attrs_define
class PatchAiProvider:
    """ 
        Attributes:
            name (str | Unset):
            kind (PatchAiProviderKind | Unset):
            base_url (None | str | Unset):
            api_key (None | str | Unset):
            default_model (str | Unset):
            headers (None | PatchAiProviderHeadersType0 | Unset):
     """

    name: str | Unset = UNSET
    kind: PatchAiProviderKind | Unset = UNSET
    base_url: None | str | Unset = UNSET
    api_key: None | str | Unset = UNSET
    default_model: str | Unset = UNSET
    headers: None | PatchAiProviderHeadersType0 | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        from ..models.patch_ai_provider_headers_type_0 import PatchAiProviderHeadersType0 # noqa: PLC0415
        name = self.name

        kind: str | Unset = UNSET
        if not isinstance(self.kind, Unset):
            kind = self.kind.value


        base_url: None | str | Unset
        if isinstance(self.base_url, Unset):
            base_url = UNSET
        else:
            base_url = self.base_url

        api_key: None | str | Unset
        if isinstance(self.api_key, Unset):
            api_key = UNSET
        else:
            api_key = self.api_key

        default_model = self.default_model

        headers: dict[str, Any] | None | Unset
        if isinstance(self.headers, Unset):
            headers = UNSET
        elif isinstance(self.headers, PatchAiProviderHeadersType0):
            headers = self.headers.to_dict()
        else:
            headers = self.headers


        field_dict: dict[str, Any] = {}

        field_dict.update({
        })
        if name is not UNSET:
            field_dict["name"] = name
        if kind is not UNSET:
            field_dict["kind"] = kind
        if base_url is not UNSET:
            field_dict["baseUrl"] = base_url
        if api_key is not UNSET:
            field_dict["apiKey"] = api_key
        if default_model is not UNSET:
            field_dict["defaultModel"] = default_model
        if headers is not UNSET:
            field_dict["headers"] = headers

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.patch_ai_provider_headers_type_0 import PatchAiProviderHeadersType0 # noqa: PLC0415
        d = dict(src_dict)
        name = d.pop("name", UNSET)

        _kind = d.pop("kind", UNSET)
        kind: PatchAiProviderKind | Unset
        if isinstance(_kind,  Unset):
            kind = UNSET
        else:
            kind = PatchAiProviderKind(_kind)




        def _parse_base_url(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        base_url = _parse_base_url(d.pop("baseUrl", UNSET))


        def _parse_api_key(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        api_key = _parse_api_key(d.pop("apiKey", UNSET))


        default_model = d.pop("defaultModel", UNSET)

        def _parse_headers(data: object) -> None | PatchAiProviderHeadersType0 | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                headers_type_0 = PatchAiProviderHeadersType0.from_dict(data)



                return headers_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | PatchAiProviderHeadersType0 | Unset, data)

        headers = _parse_headers(d.pop("headers", UNSET))


        patch_ai_provider = cls(
            name=name,
            kind=kind,
            base_url=base_url,
            api_key=api_key,
            default_model=default_model,
            headers=headers,
        )

        return patch_ai_provider

