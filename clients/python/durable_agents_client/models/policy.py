from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast

if TYPE_CHECKING:
  from ..models.policy_statement import PolicyStatement





T = TypeVar("T", bound="Policy")



@_attrs_define
class Policy:
    """ At most 1000 actions and resources in total over all statements (otherwise 422).

        Attributes:
            statements (list[PolicyStatement]):
     """

    statements: list[PolicyStatement]





    def to_dict(self) -> dict[str, Any]:
        from ..models.policy_statement import PolicyStatement # noqa: PLC0415
        statements = []
        for statements_item_data in self.statements:
            statements_item = statements_item_data.to_dict()
            statements.append(statements_item)




        field_dict: dict[str, Any] = {}

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


        policy = cls(
            statements=statements,
        )

        return policy

