from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.agent_tool_type import AgentToolType
from ..models.tool_delivery import ToolDelivery
from typing import cast

if TYPE_CHECKING:
  from ..models.agent_tool_config_type_0 import AgentToolConfigType0
  from ..models.agent_tool_execute_type_0 import AgentToolExecuteType0
  from ..models.agent_tool_imported_from_type_0 import AgentToolImportedFromType0
  from ..models.agent_tool_mcp_type_0 import AgentToolMcpType0
  from ..models.agent_tool_parameters_type_0 import AgentToolParametersType0





T = TypeVar("T", bound="AgentTool")



@_attrs_define
class AgentTool:
    """ 
        Attributes:
            id (str):
            project_id (str):
            type_ (AgentToolType):
            name (str):
            description (None | str):
            parameters (AgentToolParametersType0 | None):
            execute (AgentToolExecuteType0 | None):
            mcp (AgentToolMcpType0 | None):
            enabled (bool):
            agent_id (None | str):
            config (AgentToolConfigType0 | None):
            actions (list[str] | None):
            timeout_seconds (float):
            read_only (bool):
            max_result_chars (float):
            delivery (None | ToolDelivery):
            owner_agent_id (None | str): Set on a tool defined inline on an agent (its customTools or mcpServers): only that
                agent uses it, it is edited through the agent and deleted with it.
            imported_from (AgentToolImportedFromType0 | None): Set on a tool made by POST /v1/tools/import/openapi:
                importing that document again updates it.
            created_at (str):
            updated_at (str):
     """

    id: str
    project_id: str
    type_: AgentToolType
    name: str
    description: None | str
    parameters: AgentToolParametersType0 | None
    execute: AgentToolExecuteType0 | None
    mcp: AgentToolMcpType0 | None
    enabled: bool
    agent_id: None | str
    config: AgentToolConfigType0 | None
    actions: list[str] | None
    timeout_seconds: float
    read_only: bool
    max_result_chars: float
    delivery: None | ToolDelivery
    owner_agent_id: None | str
    imported_from: AgentToolImportedFromType0 | None
    created_at: str
    updated_at: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.agent_tool_config_type_0 import AgentToolConfigType0 # noqa: PLC0415
        from ..models.agent_tool_execute_type_0 import AgentToolExecuteType0 # noqa: PLC0415
        from ..models.agent_tool_imported_from_type_0 import AgentToolImportedFromType0 # noqa: PLC0415
        from ..models.agent_tool_mcp_type_0 import AgentToolMcpType0 # noqa: PLC0415
        from ..models.agent_tool_parameters_type_0 import AgentToolParametersType0 # noqa: PLC0415
        id = self.id

        project_id = self.project_id

        type_ = self.type_.value

        name = self.name

        description: None | str
        description = self.description

        parameters: dict[str, Any] | None
        if isinstance(self.parameters, AgentToolParametersType0):
            parameters = self.parameters.to_dict()
        else:
            parameters = self.parameters

        execute: dict[str, Any] | None
        if isinstance(self.execute, AgentToolExecuteType0):
            execute = self.execute.to_dict()
        else:
            execute = self.execute

        mcp: dict[str, Any] | None
        if isinstance(self.mcp, AgentToolMcpType0):
            mcp = self.mcp.to_dict()
        else:
            mcp = self.mcp

        enabled = self.enabled

        agent_id: None | str
        agent_id = self.agent_id

        config: dict[str, Any] | None
        if isinstance(self.config, AgentToolConfigType0):
            config = self.config.to_dict()
        else:
            config = self.config

        actions: list[str] | None
        if isinstance(self.actions, list):
            actions = self.actions


        else:
            actions = self.actions

        timeout_seconds = self.timeout_seconds

        read_only = self.read_only

        max_result_chars = self.max_result_chars

        delivery: None | str
        if isinstance(self.delivery, ToolDelivery):
            delivery = self.delivery.value
        else:
            delivery = self.delivery

        owner_agent_id: None | str
        owner_agent_id = self.owner_agent_id

        imported_from: dict[str, Any] | None
        if isinstance(self.imported_from, AgentToolImportedFromType0):
            imported_from = self.imported_from.to_dict()
        else:
            imported_from = self.imported_from

        created_at = self.created_at

        updated_at = self.updated_at


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "id": id,
            "projectId": project_id,
            "type": type_,
            "name": name,
            "description": description,
            "parameters": parameters,
            "execute": execute,
            "mcp": mcp,
            "enabled": enabled,
            "agentId": agent_id,
            "config": config,
            "actions": actions,
            "timeoutSeconds": timeout_seconds,
            "readOnly": read_only,
            "maxResultChars": max_result_chars,
            "delivery": delivery,
            "ownerAgentId": owner_agent_id,
            "importedFrom": imported_from,
            "createdAt": created_at,
            "updatedAt": updated_at,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.agent_tool_config_type_0 import AgentToolConfigType0 # noqa: PLC0415
        from ..models.agent_tool_execute_type_0 import AgentToolExecuteType0 # noqa: PLC0415
        from ..models.agent_tool_imported_from_type_0 import AgentToolImportedFromType0 # noqa: PLC0415
        from ..models.agent_tool_mcp_type_0 import AgentToolMcpType0 # noqa: PLC0415
        from ..models.agent_tool_parameters_type_0 import AgentToolParametersType0 # noqa: PLC0415
        d = dict(src_dict)
        id = d.pop("id")

        project_id = d.pop("projectId")

        type_ = AgentToolType(d.pop("type"))




        name = d.pop("name")

        def _parse_description(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        description = _parse_description(d.pop("description"))


        def _parse_parameters(data: object) -> AgentToolParametersType0 | None:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                parameters_type_0 = AgentToolParametersType0.from_dict(data)



                return parameters_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(AgentToolParametersType0 | None, data)

        parameters = _parse_parameters(d.pop("parameters"))


        def _parse_execute(data: object) -> AgentToolExecuteType0 | None:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                execute_type_0 = AgentToolExecuteType0.from_dict(data)



                return execute_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(AgentToolExecuteType0 | None, data)

        execute = _parse_execute(d.pop("execute"))


        def _parse_mcp(data: object) -> AgentToolMcpType0 | None:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                mcp_type_0 = AgentToolMcpType0.from_dict(data)



                return mcp_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(AgentToolMcpType0 | None, data)

        mcp = _parse_mcp(d.pop("mcp"))


        enabled = d.pop("enabled")

        def _parse_agent_id(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        agent_id = _parse_agent_id(d.pop("agentId"))


        def _parse_config(data: object) -> AgentToolConfigType0 | None:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                config_type_0 = AgentToolConfigType0.from_dict(data)



                return config_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(AgentToolConfigType0 | None, data)

        config = _parse_config(d.pop("config"))


        def _parse_actions(data: object) -> list[str] | None:
            if data is None:
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                actions_type_0 = cast(list[str], data)

                return actions_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[str] | None, data)

        actions = _parse_actions(d.pop("actions"))


        timeout_seconds = d.pop("timeoutSeconds")

        read_only = d.pop("readOnly")

        max_result_chars = d.pop("maxResultChars")

        def _parse_delivery(data: object) -> None | ToolDelivery:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                delivery_type_0 = ToolDelivery(data)



                return delivery_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | ToolDelivery, data)

        delivery = _parse_delivery(d.pop("delivery"))


        def _parse_owner_agent_id(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        owner_agent_id = _parse_owner_agent_id(d.pop("ownerAgentId"))


        def _parse_imported_from(data: object) -> AgentToolImportedFromType0 | None:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                imported_from_type_0 = AgentToolImportedFromType0.from_dict(data)



                return imported_from_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(AgentToolImportedFromType0 | None, data)

        imported_from = _parse_imported_from(d.pop("importedFrom"))


        created_at = d.pop("createdAt")

        updated_at = d.pop("updatedAt")

        agent_tool = cls(
            id=id,
            project_id=project_id,
            type_=type_,
            name=name,
            description=description,
            parameters=parameters,
            execute=execute,
            mcp=mcp,
            enabled=enabled,
            agent_id=agent_id,
            config=config,
            actions=actions,
            timeout_seconds=timeout_seconds,
            read_only=read_only,
            max_result_chars=max_result_chars,
            delivery=delivery,
            owner_agent_id=owner_agent_id,
            imported_from=imported_from,
            created_at=created_at,
            updated_at=updated_at,
        )


        agent_tool.additional_properties = d
        return agent_tool

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
