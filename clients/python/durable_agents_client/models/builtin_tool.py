from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.builtin_tool_name import BuiltinToolName
from ..models.builtin_tool_type import BuiltinToolType
from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.builtin_tool_config import BuiltinToolConfig





T = TypeVar("T", bound="BuiltinTool")



@_attrs_define
class BuiltinTool:
    """ A tool implemented by the platform. `name` is the builtin id; `config` is checked against that builtin (see
    x-builtins: each builtin's description, limits, the JSON Schema of the arguments the model sends, and the JSON
    Schema of its config). `fetch_drive_file` is refused (422 `not_implemented`): it would need Google OAuth credentials
    and a Google Drive API integration.

        Attributes:
            type_ (BuiltinToolType):
            name (BuiltinToolName):
            description (str | Unset):
            timeout_seconds (int | Unset):  Default: 30.
            read_only (bool | Unset):  Default: False.
            max_result_chars (int | Unset):  Default: 50000.
            config (BuiltinToolConfig | Unset): Nested at most 32 levels deep, with at most 20,000 values in all (otherwise
                422: JSON Schema cannot count them).
     """

    type_: BuiltinToolType
    name: BuiltinToolName
    description: str | Unset = UNSET
    timeout_seconds: int | Unset = 30
    read_only: bool | Unset = False
    max_result_chars: int | Unset = 50000
    config: BuiltinToolConfig | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        from ..models.builtin_tool_config import BuiltinToolConfig # noqa: PLC0415
        type_ = self.type_.value

        name = self.name.value

        description = self.description

        timeout_seconds = self.timeout_seconds

        read_only = self.read_only

        max_result_chars = self.max_result_chars

        config: dict[str, Any] | Unset = UNSET
        if not isinstance(self.config, Unset):
            config = self.config.to_dict()


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "type": type_,
            "name": name,
        })
        if description is not UNSET:
            field_dict["description"] = description
        if timeout_seconds is not UNSET:
            field_dict["timeoutSeconds"] = timeout_seconds
        if read_only is not UNSET:
            field_dict["readOnly"] = read_only
        if max_result_chars is not UNSET:
            field_dict["maxResultChars"] = max_result_chars
        if config is not UNSET:
            field_dict["config"] = config

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.builtin_tool_config import BuiltinToolConfig # noqa: PLC0415
        d = dict(src_dict)
        type_ = BuiltinToolType(d.pop("type"))




        name = BuiltinToolName(d.pop("name"))




        description = d.pop("description", UNSET)

        timeout_seconds = d.pop("timeoutSeconds", UNSET)

        read_only = d.pop("readOnly", UNSET)

        max_result_chars = d.pop("maxResultChars", UNSET)

        _config = d.pop("config", UNSET)
        config: BuiltinToolConfig | Unset
        if isinstance(_config,  Unset):
            config = UNSET
        else:
            config = BuiltinToolConfig.from_dict(_config)




        builtin_tool = cls(
            type_=type_,
            name=name,
            description=description,
            timeout_seconds=timeout_seconds,
            read_only=read_only,
            max_result_chars=max_result_chars,
            config=config,
        )

        return builtin_tool

