from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.generation_required_action_type_3_type import GenerationRequiredActionType3Type
from typing import cast

if TYPE_CHECKING:
  from ..models.generation_required_action_type_3_child_required_action import GenerationRequiredActionType3ChildRequiredAction





T = TypeVar("T", bound="GenerationRequiredActionType3")



@_attrs_define
class GenerationRequiredActionType3:
    """ 
        Attributes:
            type_ (GenerationRequiredActionType3Type):
            child_generation_id (str):
            child_required_action (GenerationRequiredActionType3ChildRequiredAction): The child's own RequiredAction (one of
                these shapes; child_requires_action again for a deeper pause)
     """

    type_: GenerationRequiredActionType3Type
    child_generation_id: str
    child_required_action: GenerationRequiredActionType3ChildRequiredAction
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.generation_required_action_type_3_child_required_action import GenerationRequiredActionType3ChildRequiredAction # noqa: PLC0415
        type_ = self.type_.value

        child_generation_id = self.child_generation_id

        child_required_action = self.child_required_action.to_dict()


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "type": type_,
            "childGenerationId": child_generation_id,
            "childRequiredAction": child_required_action,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.generation_required_action_type_3_child_required_action import GenerationRequiredActionType3ChildRequiredAction # noqa: PLC0415
        d = dict(src_dict)
        type_ = GenerationRequiredActionType3Type(d.pop("type"))




        child_generation_id = d.pop("childGenerationId")

        child_required_action = GenerationRequiredActionType3ChildRequiredAction.from_dict(d.pop("childRequiredAction"))




        generation_required_action_type_3 = cls(
            type_=type_,
            child_generation_id=child_generation_id,
            child_required_action=child_required_action,
        )


        generation_required_action_type_3.additional_properties = d
        return generation_required_action_type_3

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
