"""Tools: specs, a namespaced tool store with retrieval, and a single-tool router.

>>> from notebook_router.tools import ToolRouter, ToolStore, tool
"""

from __future__ import annotations

from notebook_router.tools.decision import ToolDecision, ToolResult
from notebook_router.tools.embedding import Embedder, EmbeddingRetriever, HashingEmbedder
from notebook_router.tools.execute import Retries
from notebook_router.tools.function import tool
from notebook_router.tools.retrieval import LexicalRetriever, Retriever
from notebook_router.tools.router import ToolRouter
from notebook_router.tools.spec import Tool, ToolSpec
from notebook_router.tools.store import Retrieval, ToolHit, ToolScope, ToolStore
from notebook_router.tools.validate import Checked, check_inputs

__all__ = [
    "Checked",
    "Embedder",
    "EmbeddingRetriever",
    "HashingEmbedder",
    "LexicalRetriever",
    "Retries",
    "Retrieval",
    "Retriever",
    "Tool",
    "ToolDecision",
    "ToolHit",
    "ToolResult",
    "ToolRouter",
    "ToolScope",
    "ToolSpec",
    "ToolStore",
    "check_inputs",
    "tool",
]
