from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.generation_required_action_type_1_type import GenerationRequiredActionType1Type
from typing import cast

if TYPE_CHECKING:
  from ..models.generation_required_action_type_1_approvals_item import GenerationRequiredActionType1ApprovalsItem





T = TypeVar("T", bound="GenerationRequiredActionType1")



@_attrs_define
class GenerationRequiredActionType1:
    """ 
        Attributes:
            type_ (GenerationRequiredActionType1Type):
            approvals (list[GenerationRequiredActionType1ApprovalsItem]):
     """

    type_: GenerationRequiredActionType1Type
    approvals: list[GenerationRequiredActionType1ApprovalsItem]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.generation_required_action_type_1_approvals_item import GenerationRequiredActionType1ApprovalsItem # noqa: PLC0415
        type_ = self.type_.value

        approvals = []
        for approvals_item_data in self.approvals:
            approvals_item = approvals_item_data.to_dict()
            approvals.append(approvals_item)




        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "type": type_,
            "approvals": approvals,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.generation_required_action_type_1_approvals_item import GenerationRequiredActionType1ApprovalsItem # noqa: PLC0415
        d = dict(src_dict)
        type_ = GenerationRequiredActionType1Type(d.pop("type"))




        approvals = []
        _approvals = d.pop("approvals")
        for approvals_item_data in (_approvals):
            approvals_item = GenerationRequiredActionType1ApprovalsItem.from_dict(approvals_item_data)



            approvals.append(approvals_item)


        generation_required_action_type_1 = cls(
            type_=type_,
            approvals=approvals,
        )


        generation_required_action_type_1.additional_properties = d
        return generation_required_action_type_1

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
