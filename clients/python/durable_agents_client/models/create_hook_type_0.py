from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.create_hook_type_0_event import CreateHookType0Event
from ..models.create_hook_type_0_type import CreateHookType0Type
from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.http_hook_config import HttpHookConfig





T = TypeVar("T", bound="CreateHookType0")



@_attrs_define
class CreateHookType0:
    """ 
        Attributes:
            type_ (CreateHookType0Type):
            event (CreateHookType0Event):
            config (HttpHookConfig):
            matcher (str | Unset): A resolved tool name; omitted = every tool. Only for PreToolUse and PostToolUse. Example:
                lookup_order.
     """

    type_: CreateHookType0Type
    event: CreateHookType0Event
    config: HttpHookConfig
    matcher: str | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        from ..models.http_hook_config import HttpHookConfig # noqa: PLC0415
        type_ = self.type_.value

        event = self.event.value

        config = self.config.to_dict()

        matcher = self.matcher


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "type": type_,
            "event": event,
            "config": config,
        })
        if matcher is not UNSET:
            field_dict["matcher"] = matcher

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.http_hook_config import HttpHookConfig # noqa: PLC0415
        d = dict(src_dict)
        type_ = CreateHookType0Type(d.pop("type"))




        event = CreateHookType0Event(d.pop("event"))




        config = HttpHookConfig.from_dict(d.pop("config"))




        matcher = d.pop("matcher", UNSET)

        create_hook_type_0 = cls(
            type_=type_,
            event=event,
            config=config,
            matcher=matcher,
        )

        return create_hook_type_0

