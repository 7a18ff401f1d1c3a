from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.ai_provider_kind import AiProviderKind
from typing import cast

if TYPE_CHECKING:
  from ..models.ai_provider_headers_type_0 import AiProviderHeadersType0





T = TypeVar("T", bound="AiProvider")



@_attrs_define
class AiProvider:
    """ 
        Attributes:
            id (str):
            project_id (str):
            name (str):
            kind (AiProviderKind):
            base_url (None | str):
            has_api_key (bool):
            default_model (str):
            headers (AiProviderHeadersType0 | None):
            created_at (str):
            updated_at (str):
     """

    id: str
    project_id: str
    name: str
    kind: AiProviderKind
    base_url: None | str
    has_api_key: bool
    default_model: str
    headers: AiProviderHeadersType0 | None
    created_at: str
    updated_at: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.ai_provider_headers_type_0 import AiProviderHeadersType0 # noqa: PLC0415
        id = self.id

        project_id = self.project_id

        name = self.name

        kind = self.kind.value

        base_url: None | str
        base_url = self.base_url

        has_api_key = self.has_api_key

        default_model = self.default_model

        headers: dict[str, Any] | None
        if isinstance(self.headers, AiProviderHeadersType0):
            headers = self.headers.to_dict()
        else:
            headers = self.headers

        created_at = self.created_at

        updated_at = self.updated_at


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "id": id,
            "projectId": project_id,
            "name": name,
            "kind": kind,
            "baseUrl": base_url,
            "hasApiKey": has_api_key,
            "defaultModel": default_model,
            "headers": headers,
            "createdAt": created_at,
            "updatedAt": updated_at,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.ai_provider_headers_type_0 import AiProviderHeadersType0 # noqa: PLC0415
        d = dict(src_dict)
        id = d.pop("id")

        project_id = d.pop("projectId")

        name = d.pop("name")

        kind = AiProviderKind(d.pop("kind"))




        def _parse_base_url(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        base_url = _parse_base_url(d.pop("baseUrl"))


        has_api_key = d.pop("hasApiKey")

        default_model = d.pop("defaultModel")

        def _parse_headers(data: object) -> AiProviderHeadersType0 | None:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                headers_type_0 = AiProviderHeadersType0.from_dict(data)



                return headers_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(AiProviderHeadersType0 | None, data)

        headers = _parse_headers(d.pop("headers"))


        created_at = d.pop("createdAt")

        updated_at = d.pop("updatedAt")

        ai_provider = cls(
            id=id,
            project_id=project_id,
            name=name,
            kind=kind,
            base_url=base_url,
            has_api_key=has_api_key,
            default_model=default_model,
            headers=headers,
            created_at=created_at,
            updated_at=updated_at,
        )


        ai_provider.additional_properties = d
        return ai_provider

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
