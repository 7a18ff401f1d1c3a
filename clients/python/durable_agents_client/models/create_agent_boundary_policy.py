from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast

if TYPE_CHECKING:
  from ..models.policy_statement import PolicyStatement





T = TypeVar("T", bound="CreateAgentBoundaryPolicy")



@_attrs_define
class CreateAgentBoundaryPolicy:
    """ 
        Attributes:
            statements (list[PolicyStatement]):
     """

    statements: list[PolicyStatement]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.policy_statement import PolicyStatement # noqa: PLC0415
        statements = []
        for statements_item_data in self.statements:
            statements_item = statements_item_data.to_dict()
            statements.append(statements_item)




        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "statements": statements,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.policy_statement import PolicyStatement # noqa: PLC0415
        d = dict(src_dict)
        statements = []
        _statements = d.pop("statements")
        for statements_item_data in (_statements):
            statements_item = PolicyStatement.from_dict(statements_item_data)



            statements.append(statements_item)


        create_agent_boundary_policy = cls(
            statements=statements,
        )


        create_agent_boundary_policy.additional_properties = d
        return create_agent_boundary_policy

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
