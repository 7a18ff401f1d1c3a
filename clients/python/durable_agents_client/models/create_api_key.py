from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast

if TYPE_CHECKING:
  from ..models.policy import Policy





T = TypeVar("T", bound="CreateApiKey")



@_attrs_define
class CreateApiKey:
    """ 
        Attributes:
            name (str):
            policy (Policy): At most 1000 actions and resources in total over all statements (otherwise 422).
     """

    name: str
    policy: Policy





    def to_dict(self) -> dict[str, Any]:
        from ..models.policy import Policy # noqa: PLC0415
        name = self.name

        policy = self.policy.to_dict()


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "name": name,
            "policy": policy,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.policy import Policy # noqa: PLC0415
        d = dict(src_dict)
        name = d.pop("name")

        policy = Policy.from_dict(d.pop("policy"))




        create_api_key = cls(
            name=name,
            policy=policy,
        )

        return create_api_key

