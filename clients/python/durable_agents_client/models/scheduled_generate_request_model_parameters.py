from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast






T = TypeVar("T", bound="ScheduledGenerateRequestModelParameters")



@_attrs_define
class ScheduledGenerateRequestModelParameters:
    """ 
        Attributes:
            temperature (float | Unset):
            max_tokens (int | Unset): Maximum tokens of each model reply
            stop_sequences (list[str] | Unset): Up to 4 stop sequences
     """

    temperature: float | Unset = UNSET
    max_tokens: int | Unset = UNSET
    stop_sequences: list[str] | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        temperature = self.temperature

        max_tokens = self.max_tokens

        stop_sequences: list[str] | Unset = UNSET
        if not isinstance(self.stop_sequences, Unset):
            stop_sequences = self.stop_sequences




        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
        })
        if temperature is not UNSET:
            field_dict["temperature"] = temperature
        if max_tokens is not UNSET:
            field_dict["maxTokens"] = max_tokens
        if stop_sequences is not UNSET:
            field_dict["stopSequences"] = stop_sequences

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        temperature = d.pop("temperature", UNSET)

        max_tokens = d.pop("maxTokens", UNSET)

        stop_sequences = cast(list[str], d.pop("stopSequences", UNSET))


        scheduled_generate_request_model_parameters = cls(
            temperature=temperature,
            max_tokens=max_tokens,
            stop_sequences=stop_sequences,
        )


        scheduled_generate_request_model_parameters.additional_properties = d
        return scheduled_generate_request_model_parameters

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
