from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.platform_tool_type import PlatformToolType
from ..types import UNSET, Unset
from typing import cast






T = TypeVar("T", bound="PlatformTool")



@_attrs_define
class PlatformTool:
    """ Platform actions as tools; the model sees `{name}_{action}` (dashes as underscores).

        Attributes:
            type_ (PlatformToolType):
            name (str):
            actions (list[str]): Actions of the platform's registry (e.g. list-agents, create-agent-generation); unknown
                ones are a 422
            description (str | Unset):
            timeout_seconds (int | Unset):  Default: 30.
            read_only (bool | Unset): Refused (422 `not_implemented`): each action's own read-only flag decides.
            max_result_chars (int | Unset):  Default: 50000.
     """

    type_: PlatformToolType
    name: str
    actions: list[str]
    description: str | Unset = UNSET
    timeout_seconds: int | Unset = 30
    read_only: bool | Unset = UNSET
    max_result_chars: int | Unset = 50000





    def to_dict(self) -> dict[str, Any]:
        type_ = self.type_.value

        name = self.name

        actions = self.actions



        description = self.description

        timeout_seconds = self.timeout_seconds

        read_only = self.read_only

        max_result_chars = self.max_result_chars


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "type": type_,
            "name": name,
            "actions": actions,
        })
        if description is not UNSET:
            field_dict["description"] = description
        if timeout_seconds is not UNSET:
            field_dict["timeoutSeconds"] = timeout_seconds
        if read_only is not UNSET:
            field_dict["readOnly"] = read_only
        if max_result_chars is not UNSET:
            field_dict["maxResultChars"] = max_result_chars

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        type_ = PlatformToolType(d.pop("type"))




        name = d.pop("name")

        actions = cast(list[str], d.pop("actions"))


        description = d.pop("description", UNSET)

        timeout_seconds = d.pop("timeoutSeconds", UNSET)

        read_only = d.pop("readOnly", UNSET)

        max_result_chars = d.pop("maxResultChars", UNSET)

        platform_tool = cls(
            type_=type_,
            name=name,
            actions=actions,
            description=description,
            timeout_seconds=timeout_seconds,
            read_only=read_only,
            max_result_chars=max_result_chars,
        )

        return platform_tool

