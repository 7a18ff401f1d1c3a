from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast

if TYPE_CHECKING:
  from ..models.public_agent_branding import PublicAgentBranding





T = TypeVar("T", bound="PublicAgent")



@_attrs_define
class PublicAgent:
    """ 
        Attributes:
            name (str):
            slug (str):
            welcome_message (str):
            branding (PublicAgentBranding):
            conversational (bool):
     """

    name: str
    slug: str
    welcome_message: str
    branding: PublicAgentBranding
    conversational: bool
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.public_agent_branding import PublicAgentBranding # noqa: PLC0415
        name = self.name

        slug = self.slug

        welcome_message = self.welcome_message

        branding = self.branding.to_dict()

        conversational = self.conversational


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "name": name,
            "slug": slug,
            "welcomeMessage": welcome_message,
            "branding": branding,
            "conversational": conversational,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.public_agent_branding import PublicAgentBranding # noqa: PLC0415
        d = dict(src_dict)
        name = d.pop("name")

        slug = d.pop("slug")

        welcome_message = d.pop("welcomeMessage")

        branding = PublicAgentBranding.from_dict(d.pop("branding"))




        conversational = d.pop("conversational")

        public_agent = cls(
            name=name,
            slug=slug,
            welcome_message=welcome_message,
            branding=branding,
            conversational=conversational,
        )


        public_agent.additional_properties = d
        return public_agent

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
