from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.generation_step_outcome import GenerationStepOutcome
from ..models.generation_step_status import GenerationStepStatus
from ..models.generation_step_type import GenerationStepType
from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.generation_step_usage import GenerationStepUsage





T = TypeVar("T", bound="GenerationStep")



@_attrs_define
class GenerationStep:
    """ 
        Attributes:
            step (float):
            type_ (GenerationStepType):
            at (str):
            level (float | Unset): compaction: 1 pruned tool results, 2 summarised, 3 summarised harder
            tokens_before (float | Unset):
            tokens_after (float | Unset):
            text (str | Unset):
            model (str | Unset): compaction: the model that wrote the summary; model_call: the model of a builtin tool
                nested call
            usage (GenerationStepUsage | Unset): compaction: tokens of the summary call; model_call: tokens of the nested
                call (both counted in the generation usage)
            tool_call_id (str | Unset):
            tool_name (str | Unset):
            arguments (Any | Unset):
            status (GenerationStepStatus | Unset): approval `escalated`: the first deadline passed the approval to its
                escalation group (docs/approvals.md)
            result (Any | Unset):
            duration_ms (float | Unset):
            hook_id (str | Unset):
            event (str | Unset):
            decision (str | Unset):
            reason (str | Unset):
            error (str | Unset):
            approval_id (str | Unset):
            message_id (str | Unset): user_message: the steering message (docs/steering.md)
            decided_by (None | str | Unset):
            decided_at (str | Unset):
            expires_at (str | Unset):
            edited_arguments (Any | Unset):
            outcome (GenerationStepOutcome | Unset):
            replayed (bool | Unset): A fork's entry copied from its origin: the step was replayed, nothing was called
                (docs/fork.md)
     """

    step: float
    type_: GenerationStepType
    at: str
    level: float | Unset = UNSET
    tokens_before: float | Unset = UNSET
    tokens_after: float | Unset = UNSET
    text: str | Unset = UNSET
    model: str | Unset = UNSET
    usage: GenerationStepUsage | Unset = UNSET
    tool_call_id: str | Unset = UNSET
    tool_name: str | Unset = UNSET
    arguments: Any | Unset = UNSET
    status: GenerationStepStatus | Unset = UNSET
    result: Any | Unset = UNSET
    duration_ms: float | Unset = UNSET
    hook_id: str | Unset = UNSET
    event: str | Unset = UNSET
    decision: str | Unset = UNSET
    reason: str | Unset = UNSET
    error: str | Unset = UNSET
    approval_id: str | Unset = UNSET
    message_id: str | Unset = UNSET
    decided_by: None | str | Unset = UNSET
    decided_at: str | Unset = UNSET
    expires_at: str | Unset = UNSET
    edited_arguments: Any | Unset = UNSET
    outcome: GenerationStepOutcome | Unset = UNSET
    replayed: bool | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.generation_step_usage import GenerationStepUsage # noqa: PLC0415
        step = self.step

        type_ = self.type_.value

        at = self.at

        level = self.level

        tokens_before = self.tokens_before

        tokens_after = self.tokens_after

        text = self.text

        model = self.model

        usage: dict[str, Any] | Unset = UNSET
        if not isinstance(self.usage, Unset):
            usage = self.usage.to_dict()

        tool_call_id = self.tool_call_id

        tool_name = self.tool_name

        arguments = self.arguments

        status: str | Unset = UNSET
        if not isinstance(self.status, Unset):
            status = self.status.value


        result = self.result

        duration_ms = self.duration_ms

        hook_id = self.hook_id

        event = self.event

        decision = self.decision

        reason = self.reason

        error = self.error

        approval_id = self.approval_id

        message_id = self.message_id

        decided_by: None | str | Unset
        if isinstance(self.decided_by, Unset):
            decided_by = UNSET
        else:
            decided_by = self.decided_by

        decided_at = self.decided_at

        expires_at = self.expires_at

        edited_arguments = self.edited_arguments

        outcome: str | Unset = UNSET
        if not isinstance(self.outcome, Unset):
            outcome = self.outcome.value


        replayed = self.replayed


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "step": step,
            "type": type_,
            "at": at,
        })
        if level is not UNSET:
            field_dict["level"] = level
        if tokens_before is not UNSET:
            field_dict["tokensBefore"] = tokens_before
        if tokens_after is not UNSET:
            field_dict["tokensAfter"] = tokens_after
        if text is not UNSET:
            field_dict["text"] = text
        if model is not UNSET:
            field_dict["model"] = model
        if usage is not UNSET:
            field_dict["usage"] = usage
        if tool_call_id is not UNSET:
            field_dict["toolCallId"] = tool_call_id
        if tool_name is not UNSET:
            field_dict["toolName"] = tool_name
        if arguments is not UNSET:
            field_dict["arguments"] = arguments
        if status is not UNSET:
            field_dict["status"] = status
        if result is not UNSET:
            field_dict["result"] = result
        if duration_ms is not UNSET:
            field_dict["durationMs"] = duration_ms
        if hook_id is not UNSET:
            field_dict["hookId"] = hook_id
        if event is not UNSET:
            field_dict["event"] = event
        if decision is not UNSET:
            field_dict["decision"] = decision
        if reason is not UNSET:
            field_dict["reason"] = reason
        if error is not UNSET:
            field_dict["error"] = error
        if approval_id is not UNSET:
            field_dict["approvalId"] = approval_id
        if message_id is not UNSET:
            field_dict["messageId"] = message_id
        if decided_by is not UNSET:
            field_dict["decidedBy"] = decided_by
        if decided_at is not UNSET:
            field_dict["decidedAt"] = decided_at
        if expires_at is not UNSET:
            field_dict["expiresAt"] = expires_at
        if edited_arguments is not UNSET:
            field_dict["editedArguments"] = edited_arguments
        if outcome is not UNSET:
            field_dict["outcome"] = outcome
        if replayed is not UNSET:
            field_dict["replayed"] = replayed

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.generation_step_usage import GenerationStepUsage # noqa: PLC0415
        d = dict(src_dict)
        step = d.pop("step")

        type_ = GenerationStepType(d.pop("type"))




        at = d.pop("at")

        level = d.pop("level", UNSET)

        tokens_before = d.pop("tokensBefore", UNSET)

        tokens_after = d.pop("tokensAfter", UNSET)

        text = d.pop("text", UNSET)

        model = d.pop("model", UNSET)

        _usage = d.pop("usage", UNSET)
        usage: GenerationStepUsage | Unset
        if isinstance(_usage,  Unset):
            usage = UNSET
        else:
            usage = GenerationStepUsage.from_dict(_usage)




        tool_call_id = d.pop("toolCallId", UNSET)

        tool_name = d.pop("toolName", UNSET)

        arguments = d.pop("arguments", UNSET)

        _status = d.pop("status", UNSET)
        status: GenerationStepStatus | Unset
        if isinstance(_status,  Unset):
            status = UNSET
        else:
            status = GenerationStepStatus(_status)




        result = d.pop("result", UNSET)

        duration_ms = d.pop("durationMs", UNSET)

        hook_id = d.pop("hookId", UNSET)

        event = d.pop("event", UNSET)

        decision = d.pop("decision", UNSET)

        reason = d.pop("reason", UNSET)

        error = d.pop("error", UNSET)

        approval_id = d.pop("approvalId", UNSET)

        message_id = d.pop("messageId", UNSET)

        def _parse_decided_by(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        decided_by = _parse_decided_by(d.pop("decidedBy", UNSET))


        decided_at = d.pop("decidedAt", UNSET)

        expires_at = d.pop("expiresAt", UNSET)

        edited_arguments = d.pop("editedArguments", UNSET)

        _outcome = d.pop("outcome", UNSET)
        outcome: GenerationStepOutcome | Unset
        if isinstance(_outcome,  Unset):
            outcome = UNSET
        else:
            outcome = GenerationStepOutcome(_outcome)




        replayed = d.pop("replayed", UNSET)

        generation_step = cls(
            step=step,
            type_=type_,
            at=at,
            level=level,
            tokens_before=tokens_before,
            tokens_after=tokens_after,
            text=text,
            model=model,
            usage=usage,
            tool_call_id=tool_call_id,
            tool_name=tool_name,
            arguments=arguments,
            status=status,
            result=result,
            duration_ms=duration_ms,
            hook_id=hook_id,
            event=event,
            decision=decision,
            reason=reason,
            error=error,
            approval_id=approval_id,
            message_id=message_id,
            decided_by=decided_by,
            decided_at=decided_at,
            expires_at=expires_at,
            edited_arguments=edited_arguments,
            outcome=outcome,
            replayed=replayed,
        )


        generation_step.additional_properties = d
        return generation_step

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
