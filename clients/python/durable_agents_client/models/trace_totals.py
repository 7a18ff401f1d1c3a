from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast

if TYPE_CHECKING:
  from ..models.trace_totals_usage import TraceTotalsUsage





T = TypeVar("T", bound="TraceTotals")



@_attrs_define
class TraceTotals:
    """ 
        Attributes:
            generations (float):
            steps (float):
            iterations (float):
            usage (TraceTotalsUsage):
            duration_ms (float | None):
     """

    generations: float
    steps: float
    iterations: float
    usage: TraceTotalsUsage
    duration_ms: float | None
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.trace_totals_usage import TraceTotalsUsage # noqa: PLC0415
        generations = self.generations

        steps = self.steps

        iterations = self.iterations

        usage = self.usage.to_dict()

        duration_ms: float | None
        duration_ms = self.duration_ms


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "generations": generations,
            "steps": steps,
            "iterations": iterations,
            "usage": usage,
            "durationMs": duration_ms,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.trace_totals_usage import TraceTotalsUsage # noqa: PLC0415
        d = dict(src_dict)
        generations = d.pop("generations")

        steps = d.pop("steps")

        iterations = d.pop("iterations")

        usage = TraceTotalsUsage.from_dict(d.pop("usage"))




        def _parse_duration_ms(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        duration_ms = _parse_duration_ms(d.pop("durationMs"))


        trace_totals = cls(
            generations=generations,
            steps=steps,
            iterations=iterations,
            usage=usage,
            duration_ms=duration_ms,
        )


        trace_totals.additional_properties = d
        return trace_totals

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
