from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast






T = TypeVar("T", bound="PublicChat")



@_attrs_define
class PublicChat:
    """ POST /v1/public/agents/{slug}/chat with the X-Agent-Key returned once; browsers are allowed only from
    allowedOrigins.

        Attributes:
            enabled (bool):
            allowed_origins (list[str] | Unset):
     """

    enabled: bool
    allowed_origins: list[str] | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        enabled = self.enabled

        allowed_origins: list[str] | Unset = UNSET
        if not isinstance(self.allowed_origins, Unset):
            allowed_origins = self.allowed_origins




        field_dict: dict[str, Any] = {}

        field_dict.update({
            "enabled": enabled,
        })
        if allowed_origins is not UNSET:
            field_dict["allowedOrigins"] = allowed_origins

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        enabled = d.pop("enabled")

        allowed_origins = cast(list[str], d.pop("allowedOrigins", UNSET))


        public_chat = cls(
            enabled=enabled,
            allowed_origins=allowed_origins,
        )

        return public_chat

