from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.create_webhook_events_item import CreateWebhookEventsItem
from ..types import UNSET, Unset
from typing import cast






T = TypeVar("T", bound="CreateWebhook")



@_attrs_define
class CreateWebhook:
    """ 
        Attributes:
            url (str):
            events (list[CreateWebhookEventsItem] | Unset):
            active (bool | Unset):  Default: True.
     """

    url: str
    events: list[CreateWebhookEventsItem] | Unset = UNSET
    active: bool | Unset = True





    def to_dict(self) -> dict[str, Any]:
        url = self.url

        events: list[str] | Unset = UNSET
        if not isinstance(self.events, Unset):
            events = []
            for events_item_data in self.events:
                events_item = events_item_data.value
                events.append(events_item)



        active = self.active


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "url": url,
        })
        if events is not UNSET:
            field_dict["events"] = events
        if active is not UNSET:
            field_dict["active"] = active

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        url = d.pop("url")

        _events = d.pop("events", UNSET)
        events: list[CreateWebhookEventsItem] | Unset = UNSET
        if _events is not UNSET:
            events = []
            for events_item_data in _events:
                events_item = CreateWebhookEventsItem(events_item_data)



                events.append(events_item)


        active = d.pop("active", UNSET)

        create_webhook = cls(
            url=url,
            events=events,
            active=active,
        )

        return create_webhook

