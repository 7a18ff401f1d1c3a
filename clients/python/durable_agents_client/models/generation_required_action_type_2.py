from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.generation_required_action_type_2_type import GenerationRequiredActionType2Type
from typing import cast

if TYPE_CHECKING:
  from ..models.generation_required_action_type_2_clarification import GenerationRequiredActionType2Clarification





T = TypeVar("T", bound="GenerationRequiredActionType2")



@_attrs_define
class GenerationRequiredActionType2:
    """ 
        Attributes:
            type_ (GenerationRequiredActionType2Type):
            clarification (GenerationRequiredActionType2Clarification):
     """

    type_: GenerationRequiredActionType2Type
    clarification: GenerationRequiredActionType2Clarification
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.generation_required_action_type_2_clarification import GenerationRequiredActionType2Clarification # noqa: PLC0415
        type_ = self.type_.value

        clarification = self.clarification.to_dict()


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "type": type_,
            "clarification": clarification,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.generation_required_action_type_2_clarification import GenerationRequiredActionType2Clarification # noqa: PLC0415
        d = dict(src_dict)
        type_ = GenerationRequiredActionType2Type(d.pop("type"))




        clarification = GenerationRequiredActionType2Clarification.from_dict(d.pop("clarification"))




        generation_required_action_type_2 = cls(
            type_=type_,
            clarification=clarification,
        )


        generation_required_action_type_2.additional_properties = d
        return generation_required_action_type_2

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
