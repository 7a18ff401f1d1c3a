from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.trace_summary_object import TraceSummaryObject
from ..models.trace_summary_status import TraceSummaryStatus
from typing import cast

if TYPE_CHECKING:
  from ..models.trace_node import TraceNode
  from ..models.trace_totals import TraceTotals





T = TypeVar("T", bound="Trace")



@_attrs_define
class Trace:
    """ 
        Attributes:
            id (str):
            object_ (TraceSummaryObject):
            project_id (str):
            root_generation_id (str):
            agent_id (str):
            status (TraceSummaryStatus):
            created_at (str):
            completed_at (None | str):
            root (TraceNode):
            totals (TraceTotals):
     """

    id: str
    object_: TraceSummaryObject
    project_id: str
    root_generation_id: str
    agent_id: str
    status: TraceSummaryStatus
    created_at: str
    completed_at: None | str
    root: TraceNode
    totals: TraceTotals
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.trace_node import TraceNode # noqa: PLC0415
        from ..models.trace_totals import TraceTotals # noqa: PLC0415
        id = self.id

        object_ = self.object_.value

        project_id = self.project_id

        root_generation_id = self.root_generation_id

        agent_id = self.agent_id

        status = self.status.value

        created_at = self.created_at

        completed_at: None | str
        completed_at = self.completed_at

        root = self.root.to_dict()

        totals = self.totals.to_dict()


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "id": id,
            "object": object_,
            "projectId": project_id,
            "rootGenerationId": root_generation_id,
            "agentId": agent_id,
            "status": status,
            "createdAt": created_at,
            "completedAt": completed_at,
            "root": root,
            "totals": totals,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.trace_node import TraceNode # noqa: PLC0415
        from ..models.trace_totals import TraceTotals # noqa: PLC0415
        d = dict(src_dict)
        id = d.pop("id")

        object_ = TraceSummaryObject(d.pop("object"))




        project_id = d.pop("projectId")

        root_generation_id = d.pop("rootGenerationId")

        agent_id = d.pop("agentId")

        status = TraceSummaryStatus(d.pop("status"))




        created_at = d.pop("createdAt")

        def _parse_completed_at(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        completed_at = _parse_completed_at(d.pop("completedAt"))


        root = TraceNode.from_dict(d.pop("root"))




        totals = TraceTotals.from_dict(d.pop("totals"))




        trace = cls(
            id=id,
            object_=object_,
            project_id=project_id,
            root_generation_id=root_generation_id,
            agent_id=agent_id,
            status=status,
            created_at=created_at,
            completed_at=completed_at,
            root=root,
            totals=totals,
        )


        trace.additional_properties = d
        return trace

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
