from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset







T = TypeVar("T", bound="PutSetting")



@_attrs_define
class PutSetting:
    """ The value; secret settings are encrypted at rest and never returned. Each key takes its own values (as JSON Schema
    in x-setting-values), and a value its key refuses is a 422: CODE_SANDBOX_URL: an http or https URL of at most 2048
    characters; CODE_SANDBOX_API_KEY: 1 to 4096 characters; WEB_SEARCH_API_KEY: 1 to 4096 characters; WEB_SEARCH_URL: an
    http or https URL of at most 2048 characters; WEB_SEARCH_PROVIDER: brave or exa; EXA_API_KEY: 1 to 4096 characters;
    EXA_URL: an http or https URL of at most 2048 characters; SMTP_URL: smtp:// (STARTTLS when offered, port 587 by
    default) or smtps:// (TLS, port 465 by default), with optional percent-encoded user:password@, a host and an
    optional port, nothing after; SMTP_FROM: one plain e-mail address (no display name); VISION_MODEL: 1 to 200
    characters.

        Attributes:
            value (str):
     """

    value: str





    def to_dict(self) -> dict[str, Any]:
        value = self.value


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "value": value,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        value = d.pop("value")

        put_setting = cls(
            value=value,
        )

        return put_setting

