"""The knowledge agent with a model: it answers from the facts kept, citing them, and
falls back to the facts themselves when the model fails."""

from __future__ import annotations

from typing import Any

from notebook_router import Router
from notebook_router.errors import ProviderServerError
from notebook_router.providers.base import CompletionRequest
from notebook_router.providers.scripted import ScriptedProvider
from notebook_router.store.memory import RunMemory
from notebook_router.usage import Usage

QUESTION = "when does the fiscal year start?"


class KnowledgeModel:
    """Plans one knowledge task, answers the knowledge prompt with ``reply``."""

    def __init__(self, reply: Any) -> None:
        self.reply = reply
        self.prompts: list[str] = []
        self.planned = False

    def __call__(self, request: CompletionRequest) -> Any:
        if request.purpose == "router.decide":
            if self.planned:
                return {"action": "complete", "reason": "answered"}
            self.planned = True
            spec = {"id": "t1", "agent": "knowledge", "description": QUESTION, "depends_on": []}
            return {"action": "execute", "run": [spec]}
        if request.purpose == "agent.knowledge":
            self.prompts.append("\n".join(m.content for m in request.messages))
            if isinstance(self.reply, BaseException):
                raise self.reply
            return self.reply
        if request.purpose == "router.synthesise":
            return {"answer": "done"}
        raise AssertionError(f"unexpected call {request.purpose}")


def _memory_with_a_fact() -> RunMemory:
    memory = RunMemory()
    offline = Router(model="offline", memory=memory)
    offline.run_sync("remember that the fiscal year starts in April")
    return memory


def test_with_a_model_it_answers_from_the_facts_and_cites_them() -> None:
    memory = _memory_with_a_fact()
    model = KnowledgeModel("The fiscal year starts in April [fact 1].")
    router = Router(model=ScriptedProvider(fallback=model, usage=Usage()), memory=memory)
    result = router.run_sync(QUESTION)
    assert "[fact 1] the fiscal year starts in April" in model.prompts[0]
    assert "Use only the facts given" in model.prompts[0]
    task = result.tasks[0]
    assert task.agent == "knowledge" and task.status == "fulfilled"
    assert task.summary == "The fiscal year starts in April [fact 1]."


def test_when_the_model_fails_it_answers_with_the_facts_themselves() -> None:
    memory = _memory_with_a_fact()
    model = KnowledgeModel(ProviderServerError("the service is down (503)"))
    router = Router(model=ScriptedProvider(fallback=model, usage=Usage()), memory=memory)
    result = router.run_sync(QUESTION)
    task = result.tasks[0]
    assert task.status == "fulfilled", task.error
    assert "the fiscal year starts in April [fact 1]" in (task.summary or "")
