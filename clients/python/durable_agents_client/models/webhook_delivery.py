from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.webhook_delivery_status import WebhookDeliveryStatus
from typing import cast






T = TypeVar("T", bound="WebhookDelivery")



@_attrs_define
class WebhookDelivery:
    """ 
        Attributes:
            id (str):
            generation_id (None | str):
            schedule_id (None | str):
            webhook_id (None | str):
            url (str):
            event (str):
            status (WebhookDeliveryStatus):
            attempts (float):
            last_status (float | None):
            last_error (None | str):
            delivered_at (None | str):
            created_at (str):
     """

    id: str
    generation_id: None | str
    schedule_id: None | str
    webhook_id: None | str
    url: str
    event: str
    status: WebhookDeliveryStatus
    attempts: float
    last_status: float | None
    last_error: None | str
    delivered_at: None | str
    created_at: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        id = self.id

        generation_id: None | str
        generation_id = self.generation_id

        schedule_id: None | str
        schedule_id = self.schedule_id

        webhook_id: None | str
        webhook_id = self.webhook_id

        url = self.url

        event = self.event

        status = self.status.value

        attempts = self.attempts

        last_status: float | None
        last_status = self.last_status

        last_error: None | str
        last_error = self.last_error

        delivered_at: None | str
        delivered_at = self.delivered_at

        created_at = self.created_at


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "id": id,
            "generationId": generation_id,
            "scheduleId": schedule_id,
            "webhookId": webhook_id,
            "url": url,
            "event": event,
            "status": status,
            "attempts": attempts,
            "lastStatus": last_status,
            "lastError": last_error,
            "deliveredAt": delivered_at,
            "createdAt": created_at,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        id = d.pop("id")

        def _parse_generation_id(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        generation_id = _parse_generation_id(d.pop("generationId"))


        def _parse_schedule_id(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        schedule_id = _parse_schedule_id(d.pop("scheduleId"))


        def _parse_webhook_id(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        webhook_id = _parse_webhook_id(d.pop("webhookId"))


        url = d.pop("url")

        event = d.pop("event")

        status = WebhookDeliveryStatus(d.pop("status"))




        attempts = d.pop("attempts")

        def _parse_last_status(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        last_status = _parse_last_status(d.pop("lastStatus"))


        def _parse_last_error(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        last_error = _parse_last_error(d.pop("lastError"))


        def _parse_delivered_at(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        delivered_at = _parse_delivered_at(d.pop("deliveredAt"))


        created_at = d.pop("createdAt")

        webhook_delivery = cls(
            id=id,
            generation_id=generation_id,
            schedule_id=schedule_id,
            webhook_id=webhook_id,
            url=url,
            event=event,
            status=status,
            attempts=attempts,
            last_status=last_status,
            last_error=last_error,
            delivered_at=delivered_at,
            created_at=created_at,
        )


        webhook_delivery.additional_properties = d
        return webhook_delivery

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
