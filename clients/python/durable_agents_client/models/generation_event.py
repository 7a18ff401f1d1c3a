from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.generation_event_event import GenerationEventEvent






T = TypeVar("T", bound="GenerationEvent")



@_attrs_define
class GenerationEvent:
    """ One event of the text/event-stream. `chunk` carries `replySeq`; `reset` (a retried model call) tells the client to
    discard the chunks of that `replySeq` received so far; `done` carries the final text.

        Attributes:
            id (str): Increasing per generation; reconnect with Last-Event-ID to resume after it.
            event (GenerationEventEvent):
            data (str): JSON with at least generationId (and step).
     """

    id: str
    event: GenerationEventEvent
    data: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        id = self.id

        event = self.event.value

        data = self.data


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "id": id,
            "event": event,
            "data": data,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        id = d.pop("id")

        event = GenerationEventEvent(d.pop("event"))




        data = d.pop("data")

        generation_event = cls(
            id=id,
            event=event,
            data=data,
        )


        generation_event.additional_properties = d
        return generation_event

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
