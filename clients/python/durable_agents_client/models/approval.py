from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.approval_object import ApprovalObject
from ..models.approval_status import ApprovalStatus
from typing import cast






T = TypeVar("T", bound="Approval")



@_attrs_define
class Approval:
    """ 
        Attributes:
            id (str):
            object_ (ApprovalObject):
            project_id (str):
            generation_id (str):
            agent_id (str):
            tool_call_id (str):
            tool_name (str):
            arguments (Any):
            status (ApprovalStatus):
            requested_at (str):
            expires_at (str):
            decided_at (None | str):
            decided_by (None | str):
            reason (None | str):
            edited_arguments (Any):
     """

    id: str
    object_: ApprovalObject
    project_id: str
    generation_id: str
    agent_id: str
    tool_call_id: str
    tool_name: str
    arguments: Any
    status: ApprovalStatus
    requested_at: str
    expires_at: str
    decided_at: None | str
    decided_by: None | str
    reason: None | str
    edited_arguments: Any
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        id = self.id

        object_ = self.object_.value

        project_id = self.project_id

        generation_id = self.generation_id

        agent_id = self.agent_id

        tool_call_id = self.tool_call_id

        tool_name = self.tool_name

        arguments = self.arguments

        status = self.status.value

        requested_at = self.requested_at

        expires_at = self.expires_at

        decided_at: None | str
        decided_at = self.decided_at

        decided_by: None | str
        decided_by = self.decided_by

        reason: None | str
        reason = self.reason

        edited_arguments = self.edited_arguments


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "id": id,
            "object": object_,
            "projectId": project_id,
            "generationId": generation_id,
            "agentId": agent_id,
            "toolCallId": tool_call_id,
            "toolName": tool_name,
            "arguments": arguments,
            "status": status,
            "requestedAt": requested_at,
            "expiresAt": expires_at,
            "decidedAt": decided_at,
            "decidedBy": decided_by,
            "reason": reason,
            "editedArguments": edited_arguments,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        id = d.pop("id")

        object_ = ApprovalObject(d.pop("object"))




        project_id = d.pop("projectId")

        generation_id = d.pop("generationId")

        agent_id = d.pop("agentId")

        tool_call_id = d.pop("toolCallId")

        tool_name = d.pop("toolName")

        arguments = d.pop("arguments")

        status = ApprovalStatus(d.pop("status"))




        requested_at = d.pop("requestedAt")

        expires_at = d.pop("expiresAt")

        def _parse_decided_at(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        decided_at = _parse_decided_at(d.pop("decidedAt"))


        def _parse_decided_by(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        decided_by = _parse_decided_by(d.pop("decidedBy"))


        def _parse_reason(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        reason = _parse_reason(d.pop("reason"))


        edited_arguments = d.pop("editedArguments")

        approval = cls(
            id=id,
            object_=object_,
            project_id=project_id,
            generation_id=generation_id,
            agent_id=agent_id,
            tool_call_id=tool_call_id,
            tool_name=tool_name,
            arguments=arguments,
            status=status,
            requested_at=requested_at,
            expires_at=expires_at,
            decided_at=decided_at,
            decided_by=decided_by,
            reason=reason,
            edited_arguments=edited_arguments,
        )


        approval.additional_properties = d
        return approval

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
