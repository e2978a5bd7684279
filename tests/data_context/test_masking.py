"""Nothing shaped like a key, and no key variable's value, ever reaches a description's text."""

from __future__ import annotations

from typing import Any

import pytest

from notebook_router.data import NamespaceScanner, answer_listing

pd: Any = pytest.importorskip("pandas")

SHAPED = "sk-" + "live0123456789abcdefghijklmnop"  # built, so no key-shaped literal is tracked
ENV_VALUE = "plain-looking-secret-value-42"


def test_keys_in_cells_column_names_and_variables_are_masked(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("OPENAI_API_KEY", ENV_VALUE)
    df = pd.DataFrame(
        {
            "token": [SHAPED, "x", SHAPED],
            f"col {ENV_VALUE}": [ENV_VALUE, ENV_VALUE, "y"],
            "cat": pd.Categorical([SHAPED, SHAPED, "z"]),
        }
    )
    namespace = {"df": df, "key": ENV_VALUE, "rows": [{"k": SHAPED}, {"k": "a"}]}
    context = NamespaceScanner().scan(namespace)
    texts = [context.render(), *(d.render() for d in context.variables)]
    for question in ("what's in df?", "what variables do I have?", "what's in rows?"):
        found = answer_listing(question, context)
        assert found is not None
        texts.append(found.markdown)
        texts.extend(str(row) for row in found.rows)
    for text in texts:
        assert SHAPED not in text and ENV_VALUE not in text
        assert "sk-live" not in text  # not even a cut-off prefix
    assert "[redacted]" in context.get("df").render()  # type: ignore[union-attr]


def test_a_key_given_to_a_provider_in_code_never_reaches_a_listing() -> None:
    from notebook_router.data import NamespaceScanner
    from notebook_router.text.secrets import remember

    key = "localtoken-" + "9f8e7d6c5b4a3928"  # not key-shaped, known only as given in code
    remember(key)
    context = NamespaceScanner().scan({"token": key, "settings": {"auth": key * 3}})
    rows = context.to_rows(data_only=False)
    assert key[:12] not in str(rows) and key[:12] not in context.render()
