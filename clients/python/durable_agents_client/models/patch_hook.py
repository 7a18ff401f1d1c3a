from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.patch_hook_event import PatchHookEvent
from ..models.patch_hook_type import PatchHookType
from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.patch_hook_config import PatchHookConfig





T = TypeVar("T", bound="PatchHook")



@_attrs_define
class PatchHook:
    """ Merged with the stored hook, then checked like CreateHook.

        Attributes:
            event (PatchHookEvent | Unset):
            type_ (PatchHookType | Unset):
            matcher (None | str | Unset):  Example: lookup_order.
            config (PatchHookConfig | Unset):
     """

    event: PatchHookEvent | Unset = UNSET
    type_: PatchHookType | Unset = UNSET
    matcher: None | str | Unset = UNSET
    config: PatchHookConfig | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        from ..models.patch_hook_config import PatchHookConfig # noqa: PLC0415
        event: str | Unset = UNSET
        if not isinstance(self.event, Unset):
            event = self.event.value


        type_: str | Unset = UNSET
        if not isinstance(self.type_, Unset):
            type_ = self.type_.value


        matcher: None | str | Unset
        if isinstance(self.matcher, Unset):
            matcher = UNSET
        else:
            matcher = self.matcher

        config: dict[str, Any] | Unset = UNSET
        if not isinstance(self.config, Unset):
            config = self.config.to_dict()


        field_dict: dict[str, Any] = {}

        field_dict.update({
        })
        if event is not UNSET:
            field_dict["event"] = event
        if type_ is not UNSET:
            field_dict["type"] = type_
        if matcher is not UNSET:
            field_dict["matcher"] = matcher
        if config is not UNSET:
            field_dict["config"] = config

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.patch_hook_config import PatchHookConfig # noqa: PLC0415
        d = dict(src_dict)
        _event = d.pop("event", UNSET)
        event: PatchHookEvent | Unset
        if isinstance(_event,  Unset):
            event = UNSET
        else:
            event = PatchHookEvent(_event)




        _type_ = d.pop("type", UNSET)
        type_: PatchHookType | Unset
        if isinstance(_type_,  Unset):
            type_ = UNSET
        else:
            type_ = PatchHookType(_type_)




        def _parse_matcher(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        matcher = _parse_matcher(d.pop("matcher", UNSET))


        _config = d.pop("config", UNSET)
        config: PatchHookConfig | Unset
        if isinstance(_config,  Unset):
            config = UNSET
        else:
            config = PatchHookConfig.from_dict(_config)




        patch_hook = cls(
            event=event,
            type_=type_,
            matcher=matcher,
            config=config,
        )

        return patch_hook

