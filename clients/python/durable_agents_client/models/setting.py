from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.setting_key import SettingKey
from typing import cast






T = TypeVar("T", bound="Setting")



@_attrs_define
class Setting:
    """ 
        Attributes:
            key (SettingKey): CODE_SANDBOX_URL: External code sandbox for code_execute languages other than JavaScript
                (overrides the env var). CODE_SANDBOX_API_KEY: Bearer token sent to the code sandbox. WEB_SEARCH_API_KEY: Brave
                Search API subscription token used by web_search (sent as X-Subscription-Token). WEB_SEARCH_URL: Endpoint of
                web_search: the Brave Search web search URL (default https://api.search.brave.com/res/v1/web/search) or a server
                answering in its format. WEB_SEARCH_PROVIDER: The search API web_search calls: brave (default;
                WEB_SEARCH_API_KEY, WEB_SEARCH_URL) or exa (EXA_API_KEY, EXA_URL). EXA_API_KEY: Exa API key used by web_search
                when WEB_SEARCH_PROVIDER is exa (sent as x-api-key). EXA_URL: Endpoint of web_search with the exa provider
                (default https://api.exa.ai/search) or a server answering in its format. SMTP_URL: SMTP server send_email
                delivers through, with its credentials. SMTP_FROM: The From address of the e-mails send_email sends.
                VISION_MODEL: Model of the generation's provider that describes images for web_scrape's includeImages (it must
                accept image inputs).
            secret (bool):
            value (None | str): null for secret settings
            has_value (bool):
            updated_at (str):
     """

    key: SettingKey
    secret: bool
    value: None | str
    has_value: bool
    updated_at: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        key = self.key.value

        secret = self.secret

        value: None | str
        value = self.value

        has_value = self.has_value

        updated_at = self.updated_at


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "key": key,
            "secret": secret,
            "value": value,
            "hasValue": has_value,
            "updatedAt": updated_at,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        key = SettingKey(d.pop("key"))




        secret = d.pop("secret")

        def _parse_value(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        value = _parse_value(d.pop("value"))


        has_value = d.pop("hasValue")

        updated_at = d.pop("updatedAt")

        setting = cls(
            key=key,
            secret=secret,
            value=value,
            has_value=has_value,
            updated_at=updated_at,
        )


        setting.additional_properties = d
        return setting

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
