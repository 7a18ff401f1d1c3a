from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.schedule_refusal_code import ScheduleRefusalCode
from typing import cast






T = TypeVar("T", bound="ScheduleRefusal")



@_attrs_define
class ScheduleRefusal:
    """ 
        Attributes:
            code (ScheduleRefusalCode):
            message (str):
            at (str):
            key_id (None | str): The API key the schedule acted for
            run_workflow_id (None | str): The refused run (null: paused when the key was revoked)
            run_id (None | str):
     """

    code: ScheduleRefusalCode
    message: str
    at: str
    key_id: None | str
    run_workflow_id: None | str
    run_id: None | str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        code = self.code.value

        message = self.message

        at = self.at

        key_id: None | str
        key_id = self.key_id

        run_workflow_id: None | str
        run_workflow_id = self.run_workflow_id

        run_id: None | str
        run_id = self.run_id


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "code": code,
            "message": message,
            "at": at,
            "keyId": key_id,
            "runWorkflowId": run_workflow_id,
            "runId": run_id,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        code = ScheduleRefusalCode(d.pop("code"))




        message = d.pop("message")

        at = d.pop("at")

        def _parse_key_id(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        key_id = _parse_key_id(d.pop("keyId"))


        def _parse_run_workflow_id(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        run_workflow_id = _parse_run_workflow_id(d.pop("runWorkflowId"))


        def _parse_run_id(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        run_id = _parse_run_id(d.pop("runId"))


        schedule_refusal = cls(
            code=code,
            message=message,
            at=at,
            key_id=key_id,
            run_workflow_id=run_workflow_id,
            run_id=run_id,
        )


        schedule_refusal.additional_properties = d
        return schedule_refusal

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
