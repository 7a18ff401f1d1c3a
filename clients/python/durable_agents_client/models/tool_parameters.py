from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import Literal, cast






T = TypeVar("T", bound="ToolParameters")



@_attrs_define
class ToolParameters:
    """ JSON Schema (draft-07) of the tool arguments; top-level type must be "object". It must be a valid draft-07 schema
    whose `required` names are declared in `properties`, whose `$ref`s point inside it (#/…) and whose patterns compile,
    nested at most 32 levels with at most 20,000 values; a schema that breaks only these rules is a 422.

        Attributes:
            type_ (Literal['object']):
            schema (str | Unset):
     """

    type_: Literal['object']
    schema: str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        type_ = self.type_

        schema = self.schema


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "type": type_,
        })
        if schema is not UNSET:
            field_dict["$schema"] = schema

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        type_ = cast(Literal['object'] , d.pop("type"))
        if type_ != 'object':
            raise ValueError(f"type must match const 'object', got '{type_}'")

        schema = d.pop("$schema", UNSET)

        tool_parameters = cls(
            type_=type_,
            schema=schema,
        )


        tool_parameters.additional_properties = d
        return tool_parameters

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
