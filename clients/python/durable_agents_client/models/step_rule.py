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
  from ..models.tool_choice_type_1 import ToolChoiceType1





T = TypeVar("T", bound="StepRule")



@_attrs_define
class StepRule:
    """ 
        Attributes:
            step (int):
            tool_choice (ToolChoiceType0 | ToolChoiceType1 | Unset):
            active_tool_ids (list[str] | Unset):
     """

    step: int
    tool_choice: ToolChoiceType0 | ToolChoiceType1 | Unset = UNSET
    active_tool_ids: list[str] | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        from ..models.tool_choice_type_1 import ToolChoiceType1 # noqa: PLC0415
        step = self.step

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




        field_dict: dict[str, Any] = {}

        field_dict.update({
            "step": step,
        })
        if tool_choice is not UNSET:
            field_dict["toolChoice"] = tool_choice
        if active_tool_ids is not UNSET:
            field_dict["activeToolIds"] = active_tool_ids

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.tool_choice_type_1 import ToolChoiceType1 # noqa: PLC0415
        d = dict(src_dict)
        step = d.pop("step")

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


        step_rule = cls(
            step=step,
            tool_choice=tool_choice,
            active_tool_ids=active_tool_ids,
        )

        return step_rule

