from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset







T = TypeVar("T", bound="ImportOpenApiToolsResultMissingItem")



@_attrs_define
class ImportOpenApiToolsResultMissingItem:
    """ 
        Attributes:
            operation (str):
            tool_id (str):
            name (str):
            deleted (bool):
     """

    operation: str
    tool_id: str
    name: str
    deleted: bool
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        operation = self.operation

        tool_id = self.tool_id

        name = self.name

        deleted = self.deleted


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "operation": operation,
            "toolId": tool_id,
            "name": name,
            "deleted": deleted,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        operation = d.pop("operation")

        tool_id = d.pop("toolId")

        name = d.pop("name")

        deleted = d.pop("deleted")

        import_open_api_tools_result_missing_item = cls(
            operation=operation,
            tool_id=tool_id,
            name=name,
            deleted=deleted,
        )


        import_open_api_tools_result_missing_item.additional_properties = d
        return import_open_api_tools_result_missing_item

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
