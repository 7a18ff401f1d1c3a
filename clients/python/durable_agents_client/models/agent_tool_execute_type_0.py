from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.agent_tool_execute_type_0_body_encoding import AgentToolExecuteType0BodyEncoding
from ..models.agent_tool_execute_type_0_method import AgentToolExecuteType0Method
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
            method (AgentToolExecuteType0Method):
            body_encoding (AgentToolExecuteType0BodyEncoding | Unset):
            headers (AgentToolExecuteType0Headers | Unset):
     """

    url: str
    method: AgentToolExecuteType0Method
    body_encoding: AgentToolExecuteType0BodyEncoding | Unset = UNSET
    headers: AgentToolExecuteType0Headers | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.agent_tool_execute_type_0_headers import AgentToolExecuteType0Headers # noqa: PLC0415
        url = self.url

        method = self.method.value

        body_encoding: str | Unset = UNSET
        if not isinstance(self.body_encoding, Unset):
            body_encoding = self.body_encoding.value


        headers: dict[str, Any] | Unset = UNSET
        if not isinstance(self.headers, Unset):
            headers = self.headers.to_dict()


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "url": url,
            "method": method,
        })
        if body_encoding is not UNSET:
            field_dict["bodyEncoding"] = body_encoding
        if headers is not UNSET:
            field_dict["headers"] = headers

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.agent_tool_execute_type_0_headers import AgentToolExecuteType0Headers # noqa: PLC0415
        d = dict(src_dict)
        url = d.pop("url")

        method = AgentToolExecuteType0Method(d.pop("method"))




        _body_encoding = d.pop("bodyEncoding", UNSET)
        body_encoding: AgentToolExecuteType0BodyEncoding | Unset
        if isinstance(_body_encoding,  Unset):
            body_encoding = UNSET
        else:
            body_encoding = AgentToolExecuteType0BodyEncoding(_body_encoding)




        _headers = d.pop("headers", UNSET)
        headers: AgentToolExecuteType0Headers | Unset
        if isinstance(_headers,  Unset):
            headers = UNSET
        else:
            headers = AgentToolExecuteType0Headers.from_dict(_headers)




        agent_tool_execute_type_0 = cls(
            url=url,
            method=method,
            body_encoding=body_encoding,
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
