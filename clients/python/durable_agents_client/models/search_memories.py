from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset






T = TypeVar("T", bound="SearchMemories")



@_attrs_define
class SearchMemories:
    """ Searches one scope (agent and end user) as the memory_search tool does.

        Attributes:
            agent_id (str):  Example: agt_4kT9xQ2mZ8wR.
            end_user_id (str): The `endUserId` the generations were started with, or `public_chat:<sessionId>` for a
                visitor.
            query (str):
            limit (int | Unset):  Default: 5.
     """

    agent_id: str
    end_user_id: str
    query: str
    limit: int | Unset = 5





    def to_dict(self) -> dict[str, Any]:
        agent_id = self.agent_id

        end_user_id = self.end_user_id

        query = self.query

        limit = self.limit


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "agentId": agent_id,
            "endUserId": end_user_id,
            "query": query,
        })
        if limit is not UNSET:
            field_dict["limit"] = limit

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        agent_id = d.pop("agentId")

        end_user_id = d.pop("endUserId")

        query = d.pop("query")

        limit = d.pop("limit", UNSET)

        search_memories = cls(
            agent_id=agent_id,
            end_user_id=end_user_id,
            query=query,
            limit=limit,
        )

        return search_memories

