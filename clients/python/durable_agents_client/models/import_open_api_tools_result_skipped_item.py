from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast






T = TypeVar("T", bound="ImportOpenApiToolsResultSkippedItem")



@_attrs_define
class ImportOpenApiToolsResultSkippedItem:
    """ 
        Attributes:
            operation (str):
            operation_id (None | str):
            reason (str):
     """

    operation: str
    operation_id: None | str
    reason: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        operation = self.operation

        operation_id: None | str
        operation_id = self.operation_id

        reason = self.reason


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "operation": operation,
            "operationId": operation_id,
            "reason": reason,
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


        reason = d.pop("reason")

        import_open_api_tools_result_skipped_item = cls(
            operation=operation,
            operation_id=operation_id,
            reason=reason,
        )


        import_open_api_tools_result_skipped_item.additional_properties = d
        return import_open_api_tools_result_skipped_item

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
