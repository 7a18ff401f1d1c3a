from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.generation_object import GenerationObject
from ..models.generation_status import GenerationStatus
from ..models.generation_stop_reason_type_0 import GenerationStopReasonType0
from typing import cast

if TYPE_CHECKING:
  from ..models.forked_from import ForkedFrom
  from ..models.generation_error_type_0 import GenerationErrorType0
  from ..models.generation_metadata_type_0 import GenerationMetadataType0
  from ..models.generation_required_action_type_0 import GenerationRequiredActionType0
  from ..models.generation_required_action_type_1 import GenerationRequiredActionType1
  from ..models.generation_required_action_type_2 import GenerationRequiredActionType2
  from ..models.generation_required_action_type_3 import GenerationRequiredActionType3
  from ..models.generation_step import GenerationStep
  from ..models.generation_usage import GenerationUsage





T = TypeVar("T", bound="Generation")



@_attrs_define
class Generation:
    """ 
        Attributes:
            id (str):
            generation_id (str):
            object_ (GenerationObject):
            agent_id (str):
            project_id (str):
            trace_id (str):
            session_id (None | str):
            parent_generation_id (None | str):
            forked_from (ForkedFrom | None): Set on a fork (docs/fork.md): its origin and the last step it replayed
            status (GenerationStatus):
            stop_reason (GenerationStopReasonType0 | None):
            text (None | str):
            output (Any):
            required_action (GenerationRequiredActionType0 | GenerationRequiredActionType1 | GenerationRequiredActionType2 |
                GenerationRequiredActionType3 | None):
            steps (list[GenerationStep]):
            tools_used (list[str]):
            iteration_count (float):
            usage (GenerationUsage):
            error (GenerationErrorType0 | None):
            metadata (GenerationMetadataType0 | None):
            created_at (str):
            updated_at (str):
            completed_at (None | str):
            temporal_ui_url (None | str): The generation's workflow in the Temporal UI (null unless the server sets
                TEMPORAL_UI_URL)
     """

    id: str
    generation_id: str
    object_: GenerationObject
    agent_id: str
    project_id: str
    trace_id: str
    session_id: None | str
    parent_generation_id: None | str
    forked_from: ForkedFrom | None
    status: GenerationStatus
    stop_reason: GenerationStopReasonType0 | None
    text: None | str
    output: Any
    required_action: GenerationRequiredActionType0 | GenerationRequiredActionType1 | GenerationRequiredActionType2 | GenerationRequiredActionType3 | None
    steps: list[GenerationStep]
    tools_used: list[str]
    iteration_count: float
    usage: GenerationUsage
    error: GenerationErrorType0 | None
    metadata: GenerationMetadataType0 | None
    created_at: str
    updated_at: str
    completed_at: None | str
    temporal_ui_url: None | str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.forked_from import ForkedFrom # noqa: PLC0415
        from ..models.generation_error_type_0 import GenerationErrorType0 # noqa: PLC0415
        from ..models.generation_metadata_type_0 import GenerationMetadataType0 # noqa: PLC0415
        from ..models.generation_required_action_type_0 import GenerationRequiredActionType0 # noqa: PLC0415
        from ..models.generation_required_action_type_1 import GenerationRequiredActionType1 # noqa: PLC0415
        from ..models.generation_required_action_type_2 import GenerationRequiredActionType2 # noqa: PLC0415
        from ..models.generation_required_action_type_3 import GenerationRequiredActionType3 # noqa: PLC0415
        from ..models.generation_step import GenerationStep # noqa: PLC0415
        from ..models.generation_usage import GenerationUsage # noqa: PLC0415
        id = self.id

        generation_id = self.generation_id

        object_ = self.object_.value

        agent_id = self.agent_id

        project_id = self.project_id

        trace_id = self.trace_id

        session_id: None | str
        session_id = self.session_id

        parent_generation_id: None | str
        parent_generation_id = self.parent_generation_id

        forked_from: dict[str, Any] | None
        if isinstance(self.forked_from, ForkedFrom):
            forked_from = self.forked_from.to_dict()
        else:
            forked_from = self.forked_from

        status = self.status.value

        stop_reason: None | str
        if isinstance(self.stop_reason, GenerationStopReasonType0):
            stop_reason = self.stop_reason.value
        else:
            stop_reason = self.stop_reason

        text: None | str
        text = self.text

        output = self.output

        required_action: dict[str, Any] | None
        if isinstance(self.required_action, GenerationRequiredActionType0):
            required_action = self.required_action.to_dict()
        elif isinstance(self.required_action, GenerationRequiredActionType1):
            required_action = self.required_action.to_dict()
        elif isinstance(self.required_action, GenerationRequiredActionType2):
            required_action = self.required_action.to_dict()
        elif isinstance(self.required_action, GenerationRequiredActionType3):
            required_action = self.required_action.to_dict()
        else:
            required_action = self.required_action

        steps = []
        for steps_item_data in self.steps:
            steps_item = steps_item_data.to_dict()
            steps.append(steps_item)



        tools_used = self.tools_used



        iteration_count = self.iteration_count

        usage = self.usage.to_dict()

        error: dict[str, Any] | None
        if isinstance(self.error, GenerationErrorType0):
            error = self.error.to_dict()
        else:
            error = self.error

        metadata: dict[str, Any] | None
        if isinstance(self.metadata, GenerationMetadataType0):
            metadata = self.metadata.to_dict()
        else:
            metadata = self.metadata

        created_at = self.created_at

        updated_at = self.updated_at

        completed_at: None | str
        completed_at = self.completed_at

        temporal_ui_url: None | str
        temporal_ui_url = self.temporal_ui_url


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "id": id,
            "generationId": generation_id,
            "object": object_,
            "agentId": agent_id,
            "projectId": project_id,
            "traceId": trace_id,
            "sessionId": session_id,
            "parentGenerationId": parent_generation_id,
            "forkedFrom": forked_from,
            "status": status,
            "stopReason": stop_reason,
            "text": text,
            "output": output,
            "requiredAction": required_action,
            "steps": steps,
            "toolsUsed": tools_used,
            "iterationCount": iteration_count,
            "usage": usage,
            "error": error,
            "metadata": metadata,
            "createdAt": created_at,
            "updatedAt": updated_at,
            "completedAt": completed_at,
            "temporalUiUrl": temporal_ui_url,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.forked_from import ForkedFrom # noqa: PLC0415
        from ..models.generation_error_type_0 import GenerationErrorType0 # noqa: PLC0415
        from ..models.generation_metadata_type_0 import GenerationMetadataType0 # noqa: PLC0415
        from ..models.generation_required_action_type_0 import GenerationRequiredActionType0 # noqa: PLC0415
        from ..models.generation_required_action_type_1 import GenerationRequiredActionType1 # noqa: PLC0415
        from ..models.generation_required_action_type_2 import GenerationRequiredActionType2 # noqa: PLC0415
        from ..models.generation_required_action_type_3 import GenerationRequiredActionType3 # noqa: PLC0415
        from ..models.generation_step import GenerationStep # noqa: PLC0415
        from ..models.generation_usage import GenerationUsage # noqa: PLC0415
        d = dict(src_dict)
        id = d.pop("id")

        generation_id = d.pop("generationId")

        object_ = GenerationObject(d.pop("object"))




        agent_id = d.pop("agentId")

        project_id = d.pop("projectId")

        trace_id = d.pop("traceId")

        def _parse_session_id(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        session_id = _parse_session_id(d.pop("sessionId"))


        def _parse_parent_generation_id(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        parent_generation_id = _parse_parent_generation_id(d.pop("parentGenerationId"))


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


        status = GenerationStatus(d.pop("status"))




        def _parse_stop_reason(data: object) -> GenerationStopReasonType0 | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                stop_reason_type_0 = GenerationStopReasonType0(data)



                return stop_reason_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(GenerationStopReasonType0 | None, data)

        stop_reason = _parse_stop_reason(d.pop("stopReason"))


        def _parse_text(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        text = _parse_text(d.pop("text"))


        output = d.pop("output")

        def _parse_required_action(data: object) -> GenerationRequiredActionType0 | GenerationRequiredActionType1 | GenerationRequiredActionType2 | GenerationRequiredActionType3 | None:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                required_action_type_0 = GenerationRequiredActionType0.from_dict(data)



                return required_action_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                required_action_type_1 = GenerationRequiredActionType1.from_dict(data)



                return required_action_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                required_action_type_2 = GenerationRequiredActionType2.from_dict(data)



                return required_action_type_2
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                required_action_type_3 = GenerationRequiredActionType3.from_dict(data)



                return required_action_type_3
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(GenerationRequiredActionType0 | GenerationRequiredActionType1 | GenerationRequiredActionType2 | GenerationRequiredActionType3 | None, data)

        required_action = _parse_required_action(d.pop("requiredAction"))


        steps = []
        _steps = d.pop("steps")
        for steps_item_data in (_steps):
            steps_item = GenerationStep.from_dict(steps_item_data)



            steps.append(steps_item)


        tools_used = cast(list[str], d.pop("toolsUsed"))


        iteration_count = d.pop("iterationCount")

        usage = GenerationUsage.from_dict(d.pop("usage"))




        def _parse_error(data: object) -> GenerationErrorType0 | None:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                error_type_0 = GenerationErrorType0.from_dict(data)



                return error_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(GenerationErrorType0 | None, data)

        error = _parse_error(d.pop("error"))


        def _parse_metadata(data: object) -> GenerationMetadataType0 | None:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                metadata_type_0 = GenerationMetadataType0.from_dict(data)



                return metadata_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(GenerationMetadataType0 | None, data)

        metadata = _parse_metadata(d.pop("metadata"))


        created_at = d.pop("createdAt")

        updated_at = d.pop("updatedAt")

        def _parse_completed_at(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        completed_at = _parse_completed_at(d.pop("completedAt"))


        def _parse_temporal_ui_url(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        temporal_ui_url = _parse_temporal_ui_url(d.pop("temporalUiUrl"))


        generation = cls(
            id=id,
            generation_id=generation_id,
            object_=object_,
            agent_id=agent_id,
            project_id=project_id,
            trace_id=trace_id,
            session_id=session_id,
            parent_generation_id=parent_generation_id,
            forked_from=forked_from,
            status=status,
            stop_reason=stop_reason,
            text=text,
            output=output,
            required_action=required_action,
            steps=steps,
            tools_used=tools_used,
            iteration_count=iteration_count,
            usage=usage,
            error=error,
            metadata=metadata,
            created_at=created_at,
            updated_at=updated_at,
            completed_at=completed_at,
            temporal_ui_url=temporal_ui_url,
        )


        generation.additional_properties = d
        return generation

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
