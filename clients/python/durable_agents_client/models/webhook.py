from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.webhook_events_item import WebhookEventsItem
from ..models.webhook_object import WebhookObject
from ..types import UNSET, Unset
from typing import cast






T = TypeVar("T", bound="Webhook")



@_attrs_define
class Webhook:
    """ 
        Attributes:
            id (str):
            object_ (WebhookObject):
            agent_id (str):
            url (str):
            events (list[WebhookEventsItem]):
            active (bool):
            created_at (str):
            secret (str | Unset):
     """

    id: str
    object_: WebhookObject
    agent_id: str
    url: str
    events: list[WebhookEventsItem]
    active: bool
    created_at: str
    secret: str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        id = self.id

        object_ = self.object_.value

        agent_id = self.agent_id

        url = self.url

        events = []
        for events_item_data in self.events:
            events_item = events_item_data.value
            events.append(events_item)



        active = self.active

        created_at = self.created_at

        secret = self.secret


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "id": id,
            "object": object_,
            "agentId": agent_id,
            "url": url,
            "events": events,
            "active": active,
            "createdAt": created_at,
        })
        if secret is not UNSET:
            field_dict["secret"] = secret

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        id = d.pop("id")

        object_ = WebhookObject(d.pop("object"))




        agent_id = d.pop("agentId")

        url = d.pop("url")

        events = []
        _events = d.pop("events")
        for events_item_data in (_events):
            events_item = WebhookEventsItem(events_item_data)



            events.append(events_item)


        active = d.pop("active")

        created_at = d.pop("createdAt")

        secret = d.pop("secret", UNSET)

        webhook = cls(
            id=id,
            object_=object_,
            agent_id=agent_id,
            url=url,
            events=events,
            active=active,
            created_at=created_at,
            secret=secret,
        )


        webhook.additional_properties = d
        return webhook

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
