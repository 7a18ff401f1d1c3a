"""A generation through the generated Python client (clients/python), against a running stack.

Usage: python3 run_generation.py <api url> <api key> <model server url>; prints the generation as JSON.
Used by test/integration/python-client.test.ts.
"""
import json
import sys

from durable_agents_client import AuthenticatedClient
from durable_agents_client.api.agents import create_agent
from durable_agents_client.api.ai_providers import create_ai_provider
from durable_agents_client.api.generations import create_agent_generation
from durable_agents_client.models import (
    CreateAgent,
    CreateAiProvider,
    CreateAiProviderKind,
    Error,
    GenerateRequest,
    Generation,
)

api_url, api_key, model_url = sys.argv[1:4]

with AuthenticatedClient(base_url=api_url, token=api_key, raise_on_unexpected_status=True) as client:
    provider = create_ai_provider.sync(
        client=client,
        body=CreateAiProvider(
            name="scripted",
            kind=CreateAiProviderKind.OPENAI_COMPATIBLE,
            base_url=model_url,
            default_model="scripted-model",
        ),
    )
    assert not isinstance(provider, Error), provider
    agent = create_agent.sync(
        client=client,
        body=CreateAgent(name="From Python", ai_provider_id=provider.id, allow_clarification=False),
    )
    assert not isinstance(agent, Error), agent
    generation = create_agent_generation.sync(agent.id, client=client, body=GenerateRequest(prompt="Hello from Python"))
    assert isinstance(generation, Generation), generation
    print(json.dumps({"id": generation.id, "status": generation.status.value, "text": generation.text}))
