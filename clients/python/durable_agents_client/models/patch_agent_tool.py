from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.patch_agent_tool_type import PatchAgentToolType
from ..models.tool_delivery import ToolDelivery
from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.patch_agent_tool_config_type_0 import PatchAgentToolConfigType0
  from ..models.patch_agent_tool_execute_type_0 import PatchAgentToolExecuteType0
  from ..models.patch_agent_tool_mcp_type_0 import PatchAgentToolMcpType0
  from ..models.patch_agent_tool_parameters_type_0 import PatchAgentToolParametersType0





T = TypeVar("T", bound="PatchAgentTool")



@_attrs_define
class PatchAgentTool:
    """ Fields are checked against the tool type after merging (see CreateAgentTool).

        Attributes:
            type_ (PatchAgentToolType | Unset):
            name (str | Unset):  Example: lookup_order.
            description (None | str | Unset):
            timeout_seconds (int | Unset):
            read_only (bool | Unset):
            max_result_chars (int | Unset):
            parameters (None | PatchAgentToolParametersType0 | Unset):
            execute (None | PatchAgentToolExecuteType0 | Unset):
            mcp (None | PatchAgentToolMcpType0 | Unset):
            enabled (bool | None | Unset):
            agent_id (None | str | Unset):  Example: agt_4kT9xQ2mZ8wR.
            config (None | PatchAgentToolConfigType0 | Unset):
            delivery (None | ToolDelivery | Unset):
            actions (list[str] | None | Unset): Actions of the platform's registry (e.g. list-agents, create-agent-
                generation); unknown ones are a 422
     """

    type_: PatchAgentToolType | Unset = UNSET
    name: str | Unset = UNSET
    description: None | str | Unset = UNSET
    timeout_seconds: int | Unset = UNSET
    read_only: bool | Unset = UNSET
    max_result_chars: int | Unset = UNSET
    parameters: None | PatchAgentToolParametersType0 | Unset = UNSET
    execute: None | PatchAgentToolExecuteType0 | Unset = UNSET
    mcp: None | PatchAgentToolMcpType0 | Unset = UNSET
    enabled: bool | None | Unset = UNSET
    agent_id: None | str | Unset = UNSET
    config: None | PatchAgentToolConfigType0 | Unset = UNSET
    delivery: None | ToolDelivery | Unset = UNSET
    actions: list[str] | None | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        from ..models.patch_agent_tool_config_type_0 import PatchAgentToolConfigType0 # noqa: PLC0415
        from ..models.patch_agent_tool_execute_type_0 import PatchAgentToolExecuteType0 # noqa: PLC0415
        from ..models.patch_agent_tool_mcp_type_0 import PatchAgentToolMcpType0 # noqa: PLC0415
        from ..models.patch_agent_tool_parameters_type_0 import PatchAgentToolParametersType0 # noqa: PLC0415
        type_: str | Unset = UNSET
        if not isinstance(self.type_, Unset):
            type_ = self.type_.value


        name = self.name

        description: None | str | Unset
        if isinstance(self.description, Unset):
            description = UNSET
        else:
            description = self.description

        timeout_seconds = self.timeout_seconds

        read_only = self.read_only

        max_result_chars = self.max_result_chars

        parameters: dict[str, Any] | None | Unset
        if isinstance(self.parameters, Unset):
            parameters = UNSET
        elif isinstance(self.parameters, PatchAgentToolParametersType0):
            parameters = self.parameters.to_dict()
        else:
            parameters = self.parameters

        execute: dict[str, Any] | None | Unset
        if isinstance(self.execute, Unset):
            execute = UNSET
        elif isinstance(self.execute, PatchAgentToolExecuteType0):
            execute = self.execute.to_dict()
        else:
            execute = self.execute

        mcp: dict[str, Any] | None | Unset
        if isinstance(self.mcp, Unset):
            mcp = UNSET
        elif isinstance(self.mcp, PatchAgentToolMcpType0):
            mcp = self.mcp.to_dict()
        else:
            mcp = self.mcp

        enabled: bool | None | Unset
        if isinstance(self.enabled, Unset):
            enabled = UNSET
        else:
            enabled = self.enabled

        agent_id: None | str | Unset
        if isinstance(self.agent_id, Unset):
            agent_id = UNSET
        else:
            agent_id = self.agent_id

        config: dict[str, Any] | None | Unset
        if isinstance(self.config, Unset):
            config = UNSET
        elif isinstance(self.config, PatchAgentToolConfigType0):
            config = self.config.to_dict()
        else:
            config = self.config

        delivery: None | str | Unset
        if isinstance(self.delivery, Unset):
            delivery = UNSET
        elif isinstance(self.delivery, ToolDelivery):
            delivery = self.delivery.value
        else:
            delivery = self.delivery

        actions: list[str] | None | Unset
        if isinstance(self.actions, Unset):
            actions = UNSET
        elif isinstance(self.actions, list):
            actions = self.actions


        else:
            actions = self.actions


        field_dict: dict[str, Any] = {}

        field_dict.update({
        })
        if type_ is not UNSET:
            field_dict["type"] = type_
        if name is not UNSET:
            field_dict["name"] = name
        if description is not UNSET:
            field_dict["description"] = description
        if timeout_seconds is not UNSET:
            field_dict["timeoutSeconds"] = timeout_seconds
        if read_only is not UNSET:
            field_dict["readOnly"] = read_only
        if max_result_chars is not UNSET:
            field_dict["maxResultChars"] = max_result_chars
        if parameters is not UNSET:
            field_dict["parameters"] = parameters
        if execute is not UNSET:
            field_dict["execute"] = execute
        if mcp is not UNSET:
            field_dict["mcp"] = mcp
        if enabled is not UNSET:
            field_dict["enabled"] = enabled
        if agent_id is not UNSET:
            field_dict["agentId"] = agent_id
        if config is not UNSET:
            field_dict["config"] = config
        if delivery is not UNSET:
            field_dict["delivery"] = delivery
        if actions is not UNSET:
            field_dict["actions"] = actions

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.patch_agent_tool_config_type_0 import PatchAgentToolConfigType0 # noqa: PLC0415
        from ..models.patch_agent_tool_execute_type_0 import PatchAgentToolExecuteType0 # noqa: PLC0415
        from ..models.patch_agent_tool_mcp_type_0 import PatchAgentToolMcpType0 # noqa: PLC0415
        from ..models.patch_agent_tool_parameters_type_0 import PatchAgentToolParametersType0 # noqa: PLC0415
        d = dict(src_dict)
        _type_ = d.pop("type", UNSET)
        type_: PatchAgentToolType | Unset
        if isinstance(_type_,  Unset):
            type_ = UNSET
        else:
            type_ = PatchAgentToolType(_type_)




        name = d.pop("name", UNSET)

        def _parse_description(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        description = _parse_description(d.pop("description", UNSET))


        timeout_seconds = d.pop("timeoutSeconds", UNSET)

        read_only = d.pop("readOnly", UNSET)

        max_result_chars = d.pop("maxResultChars", UNSET)

        def _parse_parameters(data: object) -> None | PatchAgentToolParametersType0 | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                parameters_type_0 = PatchAgentToolParametersType0.from_dict(data)



                return parameters_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | PatchAgentToolParametersType0 | Unset, data)

        parameters = _parse_parameters(d.pop("parameters", UNSET))


        def _parse_execute(data: object) -> None | PatchAgentToolExecuteType0 | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                execute_type_0 = PatchAgentToolExecuteType0.from_dict(data)



                return execute_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | PatchAgentToolExecuteType0 | Unset, data)

        execute = _parse_execute(d.pop("execute", UNSET))


        def _parse_mcp(data: object) -> None | PatchAgentToolMcpType0 | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                mcp_type_0 = PatchAgentToolMcpType0.from_dict(data)



                return mcp_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | PatchAgentToolMcpType0 | Unset, data)

        mcp = _parse_mcp(d.pop("mcp", UNSET))


        def _parse_enabled(data: object) -> bool | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(bool | None | Unset, data)

        enabled = _parse_enabled(d.pop("enabled", UNSET))


        def _parse_agent_id(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        agent_id = _parse_agent_id(d.pop("agentId", UNSET))


        def _parse_config(data: object) -> None | PatchAgentToolConfigType0 | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                config_type_0 = PatchAgentToolConfigType0.from_dict(data)



                return config_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | PatchAgentToolConfigType0 | Unset, data)

        config = _parse_config(d.pop("config", UNSET))


        def _parse_delivery(data: object) -> None | ToolDelivery | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                delivery_type_0 = ToolDelivery(data)



                return delivery_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | ToolDelivery | Unset, data)

        delivery = _parse_delivery(d.pop("delivery", UNSET))


        def _parse_actions(data: object) -> list[str] | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                actions_type_0 = cast(list[str], data)

                return actions_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[str] | None | Unset, data)

        actions = _parse_actions(d.pop("actions", UNSET))


        patch_agent_tool = cls(
            type_=type_,
            name=name,
            description=description,
            timeout_seconds=timeout_seconds,
            read_only=read_only,
            max_result_chars=max_result_chars,
            parameters=parameters,
            execute=execute,
            mcp=mcp,
            enabled=enabled,
            agent_id=agent_id,
            config=config,
            delivery=delivery,
            actions=actions,
        )

        return patch_agent_tool

