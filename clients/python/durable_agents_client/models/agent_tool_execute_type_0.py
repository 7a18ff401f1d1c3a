from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.agent_tool_execute_type_0_headers import AgentToolExecuteType0Headers





T = TypeVar("T", bound="AgentToolExecuteType0")



@_attrs_define
class AgentToolExecuteType0:
    """ 
        Attributes:
            url (str):
            headers (AgentToolExecuteType0Headers | Unset):
     """

    url: str
    headers: AgentToolExecuteType0Headers | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.agent_tool_execute_type_0_headers import AgentToolExecuteType0Headers # noqa: PLC0415
        url = self.url

        headers: dict[str, Any] | Unset = UNSET
        if not isinstance(self.headers, Unset):
            headers = self.headers.to_dict()


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "url": url,
        })
        if headers is not UNSET:
            field_dict["headers"] = headers

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.agent_tool_execute_type_0_headers import AgentToolExecuteType0Headers # noqa: PLC0415
        d = dict(src_dict)
        url = d.pop("url")

        _headers = d.pop("headers", UNSET)
        headers: AgentToolExecuteType0Headers | Unset
        if isinstance(_headers,  Unset):
            headers = UNSET
        else:
            headers = AgentToolExecuteType0Headers.from_dict(_headers)




        agent_tool_execute_type_0 = cls(
            url=url,
            headers=headers,
        )


        agent_tool_execute_type_0.additional_properties = d
        return agent_tool_execute_type_0

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
