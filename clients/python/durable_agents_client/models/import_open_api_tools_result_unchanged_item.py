from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast






T = TypeVar("T", bound="ImportOpenApiToolsResultUnchangedItem")



@_attrs_define
class ImportOpenApiToolsResultUnchangedItem:
    """ 
        Attributes:
            operation (str): `METHOD /path` as the document spells it: what a re-import matches by.
            operation_id (None | str):
            name (str):
            tool_id (None | str): null for a tool a dry run would create.
     """

    operation: str
    operation_id: None | str
    name: str
    tool_id: None | str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        operation = self.operation

        operation_id: None | str
        operation_id = self.operation_id

        name = self.name

        tool_id: None | str
        tool_id = self.tool_id


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "operation": operation,
            "operationId": operation_id,
            "name": name,
            "toolId": tool_id,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        operation = d.pop("operation")

        def _parse_operation_id(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        operation_id = _parse_operation_id(d.pop("operationId"))


        name = d.pop("name")

        def _parse_tool_id(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        tool_id = _parse_tool_id(d.pop("toolId"))


        import_open_api_tools_result_unchanged_item = cls(
            operation=operation,
            operation_id=operation_id,
            name=name,
            tool_id=tool_id,
        )


        import_open_api_tools_result_unchanged_item.additional_properties = d
        return import_open_api_tools_result_unchanged_item

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
