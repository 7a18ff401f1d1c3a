from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset







T = TypeVar("T", bound="AgentPublicChatKey")



@_attrs_define
class AgentPublicChatKey:
    """ 
        Attributes:
            agent_id (str):
            public_chat_key (str): The new X-Agent-Key; shown only in this response. The previous key stops working.
            public_chat_key_prefix (str):
     """

    agent_id: str
    public_chat_key: str
    public_chat_key_prefix: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        agent_id = self.agent_id

        public_chat_key = self.public_chat_key

        public_chat_key_prefix = self.public_chat_key_prefix


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "agentId": agent_id,
            "publicChatKey": public_chat_key,
            "publicChatKeyPrefix": public_chat_key_prefix,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        agent_id = d.pop("agentId")

        public_chat_key = d.pop("publicChatKey")

        public_chat_key_prefix = d.pop("publicChatKeyPrefix")

        agent_public_chat_key = cls(
            agent_id=agent_id,
            public_chat_key=public_chat_key,
            public_chat_key_prefix=public_chat_key_prefix,
        )


        agent_public_chat_key.additional_properties = d
        return agent_public_chat_key

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
