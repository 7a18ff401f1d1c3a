from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.trace_node_status import TraceNodeStatus
from ..models.trace_node_stop_reason_type_0 import TraceNodeStopReasonType0
from typing import cast

if TYPE_CHECKING:
  from ..models.forked_from import ForkedFrom
  from ..models.generation_step import GenerationStep
  from ..models.trace_node_error_type_0 import TraceNodeErrorType0
  from ..models.trace_node_usage import TraceNodeUsage





T = TypeVar("T", bound="TraceNode")



@_attrs_define
class TraceNode:
    """ 
        Attributes:
            generation_id (str):
            agent_id (str):
            parent_generation_id (None | str):
            parent_tool_call_id (None | str):
            status (TraceNodeStatus):
            stop_reason (None | TraceNodeStopReasonType0):
            error (None | TraceNodeErrorType0):
            created_at (str):
            completed_at (None | str):
            duration_ms (float | None):
            iteration_count (float):
            usage (TraceNodeUsage):
            steps (list[GenerationStep]):
            children (list[TraceNode]):
            forked_from (ForkedFrom | None):
            forks (list[TraceNode]): Generations forked from this one (docs/fork.md), oldest first
     """

    generation_id: str
    agent_id: str
    parent_generation_id: None | str
    parent_tool_call_id: None | str
    status: TraceNodeStatus
    stop_reason: None | TraceNodeStopReasonType0
    error: None | TraceNodeErrorType0
    created_at: str
    completed_at: None | str
    duration_ms: float | None
    iteration_count: float
    usage: TraceNodeUsage
    steps: list[GenerationStep]
    children: list[TraceNode]
    forked_from: ForkedFrom | None
    forks: list[TraceNode]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.forked_from import ForkedFrom # noqa: PLC0415
        from ..models.generation_step import GenerationStep # noqa: PLC0415
        from ..models.trace_node_error_type_0 import TraceNodeErrorType0 # noqa: PLC0415
        from ..models.trace_node_usage import TraceNodeUsage # noqa: PLC0415
        generation_id = self.generation_id

        agent_id = self.agent_id

        parent_generation_id: None | str
        parent_generation_id = self.parent_generation_id

        parent_tool_call_id: None | str
        parent_tool_call_id = self.parent_tool_call_id

        status = self.status.value

        stop_reason: None | str
        if isinstance(self.stop_reason, TraceNodeStopReasonType0):
            stop_reason = self.stop_reason.value
        else:
            stop_reason = self.stop_reason

        error: dict[str, Any] | None
        if isinstance(self.error, TraceNodeErrorType0):
            error = self.error.to_dict()
        else:
            error = self.error

        created_at = self.created_at

        completed_at: None | str
        completed_at = self.completed_at

        duration_ms: float | None
        duration_ms = self.duration_ms

        iteration_count = self.iteration_count

        usage = self.usage.to_dict()

        steps = []
        for steps_item_data in self.steps:
            steps_item = steps_item_data.to_dict()
            steps.append(steps_item)



        children = []
        for children_item_data in self.children:
            children_item = children_item_data.to_dict()
            children.append(children_item)



        forked_from: dict[str, Any] | None
        if isinstance(self.forked_from, ForkedFrom):
            forked_from = self.forked_from.to_dict()
        else:
            forked_from = self.forked_from

        forks = []
        for forks_item_data in self.forks:
            forks_item = forks_item_data.to_dict()
            forks.append(forks_item)




        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "generationId": generation_id,
            "agentId": agent_id,
            "parentGenerationId": parent_generation_id,
            "parentToolCallId": parent_tool_call_id,
            "status": status,
            "stopReason": stop_reason,
            "error": error,
            "createdAt": created_at,
            "completedAt": completed_at,
            "durationMs": duration_ms,
            "iterationCount": iteration_count,
            "usage": usage,
            "steps": steps,
            "children": children,
            "forkedFrom": forked_from,
            "forks": forks,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.forked_from import ForkedFrom # noqa: PLC0415
        from ..models.generation_step import GenerationStep # noqa: PLC0415
        from ..models.trace_node_error_type_0 import TraceNodeErrorType0 # noqa: PLC0415
        from ..models.trace_node_usage import TraceNodeUsage # noqa: PLC0415
        d = dict(src_dict)
        generation_id = d.pop("generationId")

        agent_id = d.pop("agentId")

        def _parse_parent_generation_id(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        parent_generation_id = _parse_parent_generation_id(d.pop("parentGenerationId"))


        def _parse_parent_tool_call_id(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        parent_tool_call_id = _parse_parent_tool_call_id(d.pop("parentToolCallId"))


        status = TraceNodeStatus(d.pop("status"))




        def _parse_stop_reason(data: object) -> None | TraceNodeStopReasonType0:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                stop_reason_type_0 = TraceNodeStopReasonType0(data)



                return stop_reason_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | TraceNodeStopReasonType0, data)

        stop_reason = _parse_stop_reason(d.pop("stopReason"))


        def _parse_error(data: object) -> None | TraceNodeErrorType0:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                error_type_0 = TraceNodeErrorType0.from_dict(data)



                return error_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | TraceNodeErrorType0, data)

        error = _parse_error(d.pop("error"))


        created_at = d.pop("createdAt")

        def _parse_completed_at(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        completed_at = _parse_completed_at(d.pop("completedAt"))


        def _parse_duration_ms(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        duration_ms = _parse_duration_ms(d.pop("durationMs"))


        iteration_count = d.pop("iterationCount")

        usage = TraceNodeUsage.from_dict(d.pop("usage"))




        steps = []
        _steps = d.pop("steps")
        for steps_item_data in (_steps):
            steps_item = GenerationStep.from_dict(steps_item_data)



            steps.append(steps_item)


        children = []
        _children = d.pop("children")
        for children_item_data in (_children):
            children_item = TraceNode.from_dict(children_item_data)



            children.append(children_item)


        def _parse_forked_from(data: object) -> ForkedFrom | None:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                forked_from_type_0 = ForkedFrom.from_dict(data)



                return forked_from_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(ForkedFrom | None, data)

        forked_from = _parse_forked_from(d.pop("forkedFrom"))


        forks = []
        _forks = d.pop("forks")
        for forks_item_data in (_forks):
            forks_item = TraceNode.from_dict(forks_item_data)



            forks.append(forks_item)


        trace_node = cls(
            generation_id=generation_id,
            agent_id=agent_id,
            parent_generation_id=parent_generation_id,
            parent_tool_call_id=parent_tool_call_id,
            status=status,
            stop_reason=stop_reason,
            error=error,
            created_at=created_at,
            completed_at=completed_at,
            duration_ms=duration_ms,
            iteration_count=iteration_count,
            usage=usage,
            steps=steps,
            children=children,
            forked_from=forked_from,
            forks=forks,
        )


        trace_node.additional_properties = d
        return trace_node

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
