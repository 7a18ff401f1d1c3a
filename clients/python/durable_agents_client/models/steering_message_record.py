from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.steering_message_record_object import SteeringMessageRecordObject
from ..models.steering_message_record_status import SteeringMessageRecordStatus
from typing import cast






T = TypeVar("T", bound="SteeringMessageRecord")



@_attrs_define
class SteeringMessageRecord:
    """ 
        Example:
            {'id': 'msg_5Jx0aQn2b9LmP4rT7wYz1c', 'object': 'generation.message', 'generationId':
                'agt_gen_5Jx0aQn2b9LmP4rT7wYz1c', 'clientMessageId': 'c-1', 'content': 'Use the EU warehouse instead.',
                'status': 'pending', 'appliedAtStep': None, 'createdAt': '2026-12-02T10:00:00.000Z'}

        Attributes:
            id (str):
            object_ (SteeringMessageRecordObject):
            generation_id (str):
            client_message_id (None | str):
            content (str):
            status (SteeringMessageRecordStatus): pending until the run adds it to the conversation at a step boundary, then
                applied; not_applied when the run ended without another model call after it arrived.
            applied_at_step (int | None): The step whose model call first read it.
            created_at (str):
     """

    id: str
    object_: SteeringMessageRecordObject
    generation_id: str
    client_message_id: None | str
    content: str
    status: SteeringMessageRecordStatus
    applied_at_step: int | None
    created_at: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        id = self.id

        object_ = self.object_.value

        generation_id = self.generation_id

        client_message_id: None | str
        client_message_id = self.client_message_id

        content = self.content

        status = self.status.value

        applied_at_step: int | None
        applied_at_step = self.applied_at_step

        created_at = self.created_at


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "id": id,
            "object": object_,
            "generationId": generation_id,
            "clientMessageId": client_message_id,
            "content": content,
            "status": status,
            "appliedAtStep": applied_at_step,
            "createdAt": created_at,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        id = d.pop("id")

        object_ = SteeringMessageRecordObject(d.pop("object"))




        generation_id = d.pop("generationId")

        def _parse_client_message_id(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        client_message_id = _parse_client_message_id(d.pop("clientMessageId"))


        content = d.pop("content")

        status = SteeringMessageRecordStatus(d.pop("status"))




        def _parse_applied_at_step(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        applied_at_step = _parse_applied_at_step(d.pop("appliedAtStep"))


        created_at = d.pop("createdAt")

        steering_message_record = cls(
            id=id,
            object_=object_,
            generation_id=generation_id,
            client_message_id=client_message_id,
            content=content,
            status=status,
            applied_at_step=applied_at_step,
            created_at=created_at,
        )


        steering_message_record.additional_properties = d
        return steering_message_record

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
