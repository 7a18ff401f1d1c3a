from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast

if TYPE_CHECKING:
  from ..models.policy import Policy





T = TypeVar("T", bound="ApiKey")



@_attrs_define
class ApiKey:
    """ 
        Attributes:
            id (str):
            project_id (str):
            name (str):
            prefix (str):
            policy (Policy): At most 1000 actions and resources in total over all statements (otherwise 422).
            created_at (str):
            last_used_at (None | str):
            revoked_at (None | str):
     """

    id: str
    project_id: str
    name: str
    prefix: str
    policy: Policy
    created_at: str
    last_used_at: None | str
    revoked_at: None | str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.policy import Policy # noqa: PLC0415
        id = self.id

        project_id = self.project_id

        name = self.name

        prefix = self.prefix

        policy = self.policy.to_dict()

        created_at = self.created_at

        last_used_at: None | str
        last_used_at = self.last_used_at

        revoked_at: None | str
        revoked_at = self.revoked_at


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "id": id,
            "projectId": project_id,
            "name": name,
            "prefix": prefix,
            "policy": policy,
            "createdAt": created_at,
            "lastUsedAt": last_used_at,
            "revokedAt": revoked_at,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.policy import Policy # noqa: PLC0415
        d = dict(src_dict)
        id = d.pop("id")

        project_id = d.pop("projectId")

        name = d.pop("name")

        prefix = d.pop("prefix")

        policy = Policy.from_dict(d.pop("policy"))




        created_at = d.pop("createdAt")

        def _parse_last_used_at(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        last_used_at = _parse_last_used_at(d.pop("lastUsedAt"))


        def _parse_revoked_at(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        revoked_at = _parse_revoked_at(d.pop("revokedAt"))


        api_key = cls(
            id=id,
            project_id=project_id,
            name=name,
            prefix=prefix,
            policy=policy,
            created_at=created_at,
            last_used_at=last_used_at,
            revoked_at=revoked_at,
        )


        api_key.additional_properties = d
        return api_key

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
