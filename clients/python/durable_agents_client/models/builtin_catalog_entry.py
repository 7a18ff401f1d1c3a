from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.builtin_catalog_entry_name import BuiltinCatalogEntryName
from typing import cast

if TYPE_CHECKING:
  from ..models.builtin_catalog_entry_config import BuiltinCatalogEntryConfig
  from ..models.builtin_catalog_entry_parameters import BuiltinCatalogEntryParameters





T = TypeVar("T", bound="BuiltinCatalogEntry")



@_attrs_define
class BuiltinCatalogEntry:
    """ 
        Attributes:
            name (BuiltinCatalogEntryName): The `name` of a `builtin` tool.
            description (str): What the model is told the tool does.
            limits (str): The limits the builtin enforces.
            parameters (BuiltinCatalogEntryParameters): JSON Schema of the arguments the model sends.
            config (BuiltinCatalogEntryConfig): JSON Schema of the tool's `config`.
            secret_config_keys (list[str]): Config keys stored encrypted and never returned.
            requires_approval_by_default (bool): Calls wait for a human approval unless the config says `requireApproval:
                false`.
     """

    name: BuiltinCatalogEntryName
    description: str
    limits: str
    parameters: BuiltinCatalogEntryParameters
    config: BuiltinCatalogEntryConfig
    secret_config_keys: list[str]
    requires_approval_by_default: bool
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.builtin_catalog_entry_config import BuiltinCatalogEntryConfig # noqa: PLC0415
        from ..models.builtin_catalog_entry_parameters import BuiltinCatalogEntryParameters # noqa: PLC0415
        name = self.name.value

        description = self.description

        limits = self.limits

        parameters = self.parameters.to_dict()

        config = self.config.to_dict()

        secret_config_keys = self.secret_config_keys



        requires_approval_by_default = self.requires_approval_by_default


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "name": name,
            "description": description,
            "limits": limits,
            "parameters": parameters,
            "config": config,
            "secretConfigKeys": secret_config_keys,
            "requiresApprovalByDefault": requires_approval_by_default,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.builtin_catalog_entry_config import BuiltinCatalogEntryConfig # noqa: PLC0415
        from ..models.builtin_catalog_entry_parameters import BuiltinCatalogEntryParameters # noqa: PLC0415
        d = dict(src_dict)
        name = BuiltinCatalogEntryName(d.pop("name"))




        description = d.pop("description")

        limits = d.pop("limits")

        parameters = BuiltinCatalogEntryParameters.from_dict(d.pop("parameters"))




        config = BuiltinCatalogEntryConfig.from_dict(d.pop("config"))




        secret_config_keys = cast(list[str], d.pop("secretConfigKeys"))


        requires_approval_by_default = d.pop("requiresApprovalByDefault")

        builtin_catalog_entry = cls(
            name=name,
            description=description,
            limits=limits,
            parameters=parameters,
            config=config,
            secret_config_keys=secret_config_keys,
            requires_approval_by_default=requires_approval_by_default,
        )


        builtin_catalog_entry.additional_properties = d
        return builtin_catalog_entry

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
