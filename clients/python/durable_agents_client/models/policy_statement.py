from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.policy_statement_effect import PolicyStatementEffect
from ..types import UNSET, Unset
from typing import cast






T = TypeVar("T", bound="PolicyStatement")



@_attrs_define
class PolicyStatement:
    """ 
        Attributes:
            effect (PolicyStatementEffect):
            action (list[str]):
            resource (list[str] | Unset):
     """

    effect: PolicyStatementEffect
    action: list[str]
    resource: list[str] | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        effect = self.effect.value

        action = self.action



        resource: list[str] | Unset = UNSET
        if not isinstance(self.resource, Unset):
            resource = self.resource




        field_dict: dict[str, Any] = {}

        field_dict.update({
            "effect": effect,
            "action": action,
        })
        if resource is not UNSET:
            field_dict["resource"] = resource

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        effect = PolicyStatementEffect(d.pop("effect"))




        action = cast(list[str], d.pop("action"))


        resource = cast(list[str], d.pop("resource", UNSET))


        policy_statement = cls(
            effect=effect,
            action=action,
            resource=resource,
        )

        return policy_statement

