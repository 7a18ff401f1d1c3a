from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.tool_choice_type_0 import ToolChoiceType0
from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.step_rule import StepRule
  from ..models.tool_choice_type_1 import ToolChoiceType1
  from ..models.tool_outputs_request_defaults import ToolOutputsRequestDefaults
  from ..models.tool_outputs_request_tool_outputs_item import ToolOutputsRequestToolOutputsItem





T = TypeVar("T", bound="ToolOutputsRequest")



@_attrs_define
class ToolOutputsRequest:
    """ 
        Attributes:
            tool_outputs (list[ToolOutputsRequestToolOutputsItem]):
            tool_choice (ToolChoiceType0 | ToolChoiceType1 | Unset):
            active_tool_ids (list[str] | Unset):
            step_rules (list[StepRule] | Unset):
            defaults (ToolOutputsRequestDefaults | Unset):
            async_ (bool | Unset):  Default: False.
            stream (bool | Unset):  Default: False.
            wait_seconds (int | Unset):  Default: 60.
     """

    tool_outputs: list[ToolOutputsRequestToolOutputsItem]
    tool_choice: ToolChoiceType0 | ToolChoiceType1 | Unset = UNSET
    active_tool_ids: list[str] | Unset = UNSET
    step_rules: list[StepRule] | Unset = UNSET
    defaults: ToolOutputsRequestDefaults | Unset = UNSET
    async_: bool | Unset = False
    stream: bool | Unset = False
    wait_seconds: int | Unset = 60





    def to_dict(self) -> dict[str, Any]:
        from ..models.step_rule import StepRule # noqa: PLC0415
        from ..models.tool_choice_type_1 import ToolChoiceType1 # noqa: PLC0415
        from ..models.tool_outputs_request_defaults import ToolOutputsRequestDefaults # noqa: PLC0415
        from ..models.tool_outputs_request_tool_outputs_item import ToolOutputsRequestToolOutputsItem # noqa: PLC0415
        tool_outputs = []
        for tool_outputs_item_data in self.tool_outputs:
            tool_outputs_item = tool_outputs_item_data.to_dict()
            tool_outputs.append(tool_outputs_item)



        tool_choice: dict[str, Any] | str | Unset
        if isinstance(self.tool_choice, Unset):
            tool_choice = UNSET
        elif isinstance(self.tool_choice, ToolChoiceType0):
            tool_choice = self.tool_choice.value
        else:
            tool_choice = self.tool_choice.to_dict()


        active_tool_ids: list[str] | Unset = UNSET
        if not isinstance(self.active_tool_ids, Unset):
            active_tool_ids = self.active_tool_ids



        step_rules: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.step_rules, Unset):
            step_rules = []
            for step_rules_item_data in self.step_rules:
                step_rules_item = step_rules_item_data.to_dict()
                step_rules.append(step_rules_item)



        defaults: dict[str, Any] | Unset = UNSET
        if not isinstance(self.defaults, Unset):
            defaults = self.defaults.to_dict()

        async_ = self.async_

        stream = self.stream

        wait_seconds = self.wait_seconds


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "toolOutputs": tool_outputs,
        })
        if tool_choice is not UNSET:
            field_dict["toolChoice"] = tool_choice
        if active_tool_ids is not UNSET:
            field_dict["activeToolIds"] = active_tool_ids
        if step_rules is not UNSET:
            field_dict["stepRules"] = step_rules
        if defaults is not UNSET:
            field_dict["defaults"] = defaults
        if async_ is not UNSET:
            field_dict["async"] = async_
        if stream is not UNSET:
            field_dict["stream"] = stream
        if wait_seconds is not UNSET:
            field_dict["waitSeconds"] = wait_seconds

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.step_rule import StepRule # noqa: PLC0415
        from ..models.tool_choice_type_1 import ToolChoiceType1 # noqa: PLC0415
        from ..models.tool_outputs_request_defaults import ToolOutputsRequestDefaults # noqa: PLC0415
        from ..models.tool_outputs_request_tool_outputs_item import ToolOutputsRequestToolOutputsItem # noqa: PLC0415
        d = dict(src_dict)
        tool_outputs = []
        _tool_outputs = d.pop("toolOutputs")
        for tool_outputs_item_data in (_tool_outputs):
            tool_outputs_item = ToolOutputsRequestToolOutputsItem.from_dict(tool_outputs_item_data)



            tool_outputs.append(tool_outputs_item)


        def _parse_tool_choice(data: object) -> ToolChoiceType0 | ToolChoiceType1 | Unset:
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                componentsschemas_tool_choice_type_0 = ToolChoiceType0(data)



                return componentsschemas_tool_choice_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            if not isinstance(data, dict):
                raise TypeError()
            componentsschemas_tool_choice_type_1 = ToolChoiceType1.from_dict(data)



            return componentsschemas_tool_choice_type_1

        tool_choice = _parse_tool_choice(d.pop("toolChoice", UNSET))


        active_tool_ids = cast(list[str], d.pop("activeToolIds", UNSET))


        _step_rules = d.pop("stepRules", UNSET)
        step_rules: list[StepRule] | Unset = UNSET
        if _step_rules is not UNSET:
            step_rules = []
            for step_rules_item_data in _step_rules:
                step_rules_item = StepRule.from_dict(step_rules_item_data)



                step_rules.append(step_rules_item)


        _defaults = d.pop("defaults", UNSET)
        defaults: ToolOutputsRequestDefaults | Unset
        if isinstance(_defaults,  Unset):
            defaults = UNSET
        else:
            defaults = ToolOutputsRequestDefaults.from_dict(_defaults)




        async_ = d.pop("async", UNSET)

        stream = d.pop("stream", UNSET)

        wait_seconds = d.pop("waitSeconds", UNSET)

        tool_outputs_request = cls(
            tool_outputs=tool_outputs,
            tool_choice=tool_choice,
            active_tool_ids=active_tool_ids,
            step_rules=step_rules,
            defaults=defaults,
            async_=async_,
            stream=stream,
            wait_seconds=wait_seconds,
        )

        return tool_outputs_request

