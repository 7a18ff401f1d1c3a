from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.hook_event import HookEvent
from ..models.hook_type import HookType
from typing import cast

if TYPE_CHECKING:
  from ..models.approval_hook_config import ApprovalHookConfig
  from ..models.http_hook_config_view import HttpHookConfigView
  from ..models.rule_hook_config import RuleHookConfig





T = TypeVar("T", bound="Hook")



@_attrs_define
class Hook:
    """ 
        Attributes:
            id (str):
            project_id (str):
            agent_id (str):
            event (HookEvent):
            type_ (HookType):
            matcher (None | str):
            config (ApprovalHookConfig | HttpHookConfigView | RuleHookConfig):
            created_at (str):
            updated_at (str):
     """

    id: str
    project_id: str
    agent_id: str
    event: HookEvent
    type_: HookType
    matcher: None | str
    config: ApprovalHookConfig | HttpHookConfigView | RuleHookConfig
    created_at: str
    updated_at: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.approval_hook_config import ApprovalHookConfig # noqa: PLC0415
        from ..models.http_hook_config_view import HttpHookConfigView # noqa: PLC0415
        from ..models.rule_hook_config import RuleHookConfig # noqa: PLC0415
        id = self.id

        project_id = self.project_id

        agent_id = self.agent_id

        event = self.event.value

        type_ = self.type_.value

        matcher: None | str
        matcher = self.matcher

        config: dict[str, Any]
        if isinstance(self.config, HttpHookConfigView):
            config = self.config.to_dict()
        elif isinstance(self.config, RuleHookConfig):
            config = self.config.to_dict()
        else:
            config = self.config.to_dict()


        created_at = self.created_at

        updated_at = self.updated_at


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "id": id,
            "projectId": project_id,
            "agentId": agent_id,
            "event": event,
            "type": type_,
            "matcher": matcher,
            "config": config,
            "createdAt": created_at,
            "updatedAt": updated_at,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.approval_hook_config import ApprovalHookConfig # noqa: PLC0415
        from ..models.http_hook_config_view import HttpHookConfigView # noqa: PLC0415
        from ..models.rule_hook_config import RuleHookConfig # noqa: PLC0415
        d = dict(src_dict)
        id = d.pop("id")

        project_id = d.pop("projectId")

        agent_id = d.pop("agentId")

        event = HookEvent(d.pop("event"))




        type_ = HookType(d.pop("type"))




        def _parse_matcher(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        matcher = _parse_matcher(d.pop("matcher"))


        def _parse_config(data: object) -> ApprovalHookConfig | HttpHookConfigView | RuleHookConfig:
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_hook_config_type_0 = HttpHookConfigView.from_dict(data)



                return componentsschemas_hook_config_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_hook_config_type_1 = RuleHookConfig.from_dict(data)



                return componentsschemas_hook_config_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            if not isinstance(data, dict):
                raise TypeError()
            componentsschemas_hook_config_type_2 = ApprovalHookConfig.from_dict(data)



            return componentsschemas_hook_config_type_2

        config = _parse_config(d.pop("config"))


        created_at = d.pop("createdAt")

        updated_at = d.pop("updatedAt")

        hook = cls(
            id=id,
            project_id=project_id,
            agent_id=agent_id,
            event=event,
            type_=type_,
            matcher=matcher,
            config=config,
            created_at=created_at,
            updated_at=updated_at,
        )


        hook.additional_properties = d
        return hook

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
