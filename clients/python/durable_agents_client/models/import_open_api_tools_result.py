from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast

if TYPE_CHECKING:
  from ..models.import_open_api_tools_result_created_item import ImportOpenApiToolsResultCreatedItem
  from ..models.import_open_api_tools_result_missing_item import ImportOpenApiToolsResultMissingItem
  from ..models.import_open_api_tools_result_skipped_item import ImportOpenApiToolsResultSkippedItem
  from ..models.import_open_api_tools_result_unchanged_item import ImportOpenApiToolsResultUnchangedItem
  from ..models.import_open_api_tools_result_updated_item import ImportOpenApiToolsResultUpdatedItem





T = TypeVar("T", bound="ImportOpenApiToolsResult")



@_attrs_define
class ImportOpenApiToolsResult:
    """ 
        Attributes:
            source (str): The document's info.title: the source its tools remember.
            dry_run (bool):
            created (list[ImportOpenApiToolsResultCreatedItem]):
            updated (list[ImportOpenApiToolsResultUpdatedItem]):
            unchanged (list[ImportOpenApiToolsResultUnchangedItem]):
            skipped (list[ImportOpenApiToolsResultSkippedItem]):
            missing (list[ImportOpenApiToolsResultMissingItem]): Tools of an earlier import whose operation the document no
                longer declares.
     """

    source: str
    dry_run: bool
    created: list[ImportOpenApiToolsResultCreatedItem]
    updated: list[ImportOpenApiToolsResultUpdatedItem]
    unchanged: list[ImportOpenApiToolsResultUnchangedItem]
    skipped: list[ImportOpenApiToolsResultSkippedItem]
    missing: list[ImportOpenApiToolsResultMissingItem]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.import_open_api_tools_result_created_item import ImportOpenApiToolsResultCreatedItem # noqa: PLC0415
        from ..models.import_open_api_tools_result_missing_item import ImportOpenApiToolsResultMissingItem # noqa: PLC0415
        from ..models.import_open_api_tools_result_skipped_item import ImportOpenApiToolsResultSkippedItem # noqa: PLC0415
        from ..models.import_open_api_tools_result_unchanged_item import ImportOpenApiToolsResultUnchangedItem # noqa: PLC0415
        from ..models.import_open_api_tools_result_updated_item import ImportOpenApiToolsResultUpdatedItem # noqa: PLC0415
        source = self.source

        dry_run = self.dry_run

        created = []
        for created_item_data in self.created:
            created_item = created_item_data.to_dict()
            created.append(created_item)



        updated = []
        for updated_item_data in self.updated:
            updated_item = updated_item_data.to_dict()
            updated.append(updated_item)



        unchanged = []
        for unchanged_item_data in self.unchanged:
            unchanged_item = unchanged_item_data.to_dict()
            unchanged.append(unchanged_item)



        skipped = []
        for skipped_item_data in self.skipped:
            skipped_item = skipped_item_data.to_dict()
            skipped.append(skipped_item)



        missing = []
        for missing_item_data in self.missing:
            missing_item = missing_item_data.to_dict()
            missing.append(missing_item)




        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "source": source,
            "dryRun": dry_run,
            "created": created,
            "updated": updated,
            "unchanged": unchanged,
            "skipped": skipped,
            "missing": missing,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.import_open_api_tools_result_created_item import ImportOpenApiToolsResultCreatedItem # noqa: PLC0415
        from ..models.import_open_api_tools_result_missing_item import ImportOpenApiToolsResultMissingItem # noqa: PLC0415
        from ..models.import_open_api_tools_result_skipped_item import ImportOpenApiToolsResultSkippedItem # noqa: PLC0415
        from ..models.import_open_api_tools_result_unchanged_item import ImportOpenApiToolsResultUnchangedItem # noqa: PLC0415
        from ..models.import_open_api_tools_result_updated_item import ImportOpenApiToolsResultUpdatedItem # noqa: PLC0415
        d = dict(src_dict)
        source = d.pop("source")

        dry_run = d.pop("dryRun")

        created = []
        _created = d.pop("created")
        for created_item_data in (_created):
            created_item = ImportOpenApiToolsResultCreatedItem.from_dict(created_item_data)



            created.append(created_item)


        updated = []
        _updated = d.pop("updated")
        for updated_item_data in (_updated):
            updated_item = ImportOpenApiToolsResultUpdatedItem.from_dict(updated_item_data)



            updated.append(updated_item)


        unchanged = []
        _unchanged = d.pop("unchanged")
        for unchanged_item_data in (_unchanged):
            unchanged_item = ImportOpenApiToolsResultUnchangedItem.from_dict(unchanged_item_data)



            unchanged.append(unchanged_item)


        skipped = []
        _skipped = d.pop("skipped")
        for skipped_item_data in (_skipped):
            skipped_item = ImportOpenApiToolsResultSkippedItem.from_dict(skipped_item_data)



            skipped.append(skipped_item)


        missing = []
        _missing = d.pop("missing")
        for missing_item_data in (_missing):
            missing_item = ImportOpenApiToolsResultMissingItem.from_dict(missing_item_data)



            missing.append(missing_item)


        import_open_api_tools_result = cls(
            source=source,
            dry_run=dry_run,
            created=created,
            updated=updated,
            unchanged=unchanged,
            skipped=skipped,
            missing=missing,
        )


        import_open_api_tools_result.additional_properties = d
        return import_open_api_tools_result

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
