from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.replace_hook_type_2_event import ReplaceHookType2Event
from ..models.replace_hook_type_2_type import ReplaceHookType2Type
from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.approval_hook_config import ApprovalHookConfig





T = TypeVar("T", bound="ReplaceHookType2")



@_attrs_define
class ReplaceHookType2:
    """ 
        Attributes:
            type_ (ReplaceHookType2Type):
            event (ReplaceHookType2Event):
            matcher (str | Unset): A resolved tool name; omitted = every tool. Only for PreToolUse and PostToolUse. Example:
                lookup_order.
            config (ApprovalHookConfig | Unset):
     """

    type_: ReplaceHookType2Type
    event: ReplaceHookType2Event
    matcher: str | Unset = UNSET
    config: ApprovalHookConfig | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        from ..models.approval_hook_config import ApprovalHookConfig # noqa: PLC0415
        type_ = self.type_.value

        event = self.event.value

        matcher = self.matcher

        config: dict[str, Any] | Unset = UNSET
        if not isinstance(self.config, Unset):
            config = self.config.to_dict()


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "type": type_,
            "event": event,
        })
        if matcher is not UNSET:
            field_dict["matcher"] = matcher
        if config is not UNSET:
            field_dict["config"] = config

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.approval_hook_config import ApprovalHookConfig # noqa: PLC0415
        d = dict(src_dict)
        type_ = ReplaceHookType2Type(d.pop("type"))




        event = ReplaceHookType2Event(d.pop("event"))




        matcher = d.pop("matcher", UNSET)

        _config = d.pop("config", UNSET)
        config: ApprovalHookConfig | Unset
        if isinstance(_config,  Unset):
            config = UNSET
        else:
            config = ApprovalHookConfig.from_dict(_config)




        replace_hook_type_2 = cls(
            type_=type_,
            event=event,
            matcher=matcher,
            config=config,
        )

        return replace_hook_type_2

