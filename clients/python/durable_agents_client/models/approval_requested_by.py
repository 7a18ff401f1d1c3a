from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.approval_requested_by_channel import ApprovalRequestedByChannel
from typing import cast






T = TypeVar("T", bound="ApprovalRequestedBy")



@_attrs_define
class ApprovalRequestedBy:
    """ Who started the generation: an API key, or a public-chat visitor (no key).

        Attributes:
            channel (ApprovalRequestedByChannel):
            api_key_id (None | str):
     """

    channel: ApprovalRequestedByChannel
    api_key_id: None | str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        channel = self.channel.value

        api_key_id: None | str
        api_key_id = self.api_key_id


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "channel": channel,
            "apiKeyId": api_key_id,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        channel = ApprovalRequestedByChannel(d.pop("channel"))




        def _parse_api_key_id(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        api_key_id = _parse_api_key_id(d.pop("apiKeyId"))


        approval_requested_by = cls(
            channel=channel,
            api_key_id=api_key_id,
        )


        approval_requested_by.additional_properties = d
        return approval_requested_by

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
