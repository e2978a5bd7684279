"""Server specs as people write them: command lines, URLs, the common JSON config format."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from notebook_router.errors import MCPConfigError
from notebook_router.mcp.config import ServerSpec, read_config, server_spec
from notebook_router.text.secrets import redact

TOKEN = "tok-0123456789-very-secret"


def test_a_command_line_is_a_stdio_server_and_a_url_an_http_one() -> None:
    stdio = server_spec("warehouse", "uvx some-server --flag 'two words'")
    assert (stdio.transport, stdio.command, stdio.args) == (
        "stdio",
        "uvx",
        ("some-server", "--flag", "two words"),
    )
    http = server_spec("files", "http://127.0.0.1:8765/mcp")
    assert (http.transport, http.url) == ("http", "http://127.0.0.1:8765/mcp")


def test_the_desktop_config_format_is_read_with_both_transports(tmp_path: Path) -> None:
    config = tmp_path / "mcp.json"
    config.write_text(
        json.dumps(
            {
                "mcpServers": {
                    "warehouse": {
                        "command": "uvx",
                        "args": ["warehouse-mcp", "--read-only"],
                        "env": {"WAREHOUSE_TOKEN": "${WAREHOUSE_TOKEN}"},
                        "trustReadOnly": True,
                    },
                    "files": {
                        "type": "http",
                        "url": "http://127.0.0.1:8765/mcp",
                        "headers": {"Authorization": "Bearer ${FILES_TOKEN}"},
                        "timeout": 30,
                    },
                    "old": {"command": "gone", "disabled": True},
                }
            }
        )
    )
    warehouse, files = read_config(config)
    assert warehouse.name == "warehouse" and warehouse.trust_read_only
    assert warehouse.env == (("WAREHOUSE_TOKEN", "${WAREHOUSE_TOKEN}"),)
    assert files.transport == "http" and files.timeout_s == 30
    # VS Code's own key reads the same.
    assert [s.name for s in read_config({"servers": {"a": {"command": "x"}}})] == ["a"]


def test_variables_are_read_when_connecting_and_their_values_are_masked_everywhere(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    spec = server_spec(
        "files",
        {"url": "http://127.0.0.1:1/mcp", "headers": {"Authorization": "Bearer ${FILES_TOKEN}"}},
    )
    monkeypatch.delenv("FILES_TOKEN", raising=False)
    with pytest.raises(MCPConfigError, match=r"\$\{FILES_TOKEN\}, which is not set"):
        spec.resolved()
    monkeypatch.setenv("FILES_TOKEN", TOKEN)
    resolved = spec.resolved()
    assert resolved.headers == {"Authorization": f"Bearer {TOKEN}"}
    # What is shown names the variable; the value never appears, and once read it is
    # masked in any text that echoes it (a server's error message, a tool's result).
    for shown in (spec.describe(), repr(spec), repr(resolved)):
        assert TOKEN not in shown
    assert "Authorization=Bearer ${FILES_TOKEN}" in spec.describe()
    assert redact(f"the server said: bad token {TOKEN}") == "the server said: bad token [redacted]"


def test_defaults_and_literal_secrets(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("REGION", raising=False)
    spec = server_spec(
        "w",
        {
            "command": "w",
            "args": ["--region", "${REGION:-eu}"],
            "env": {"API_KEY": "literal-key-value-1"},
        },
    )
    assert spec.resolved().args == ("--region", "eu")
    assert "literal-key-value-1" not in spec.describe()
    assert redact("echo literal-key-value-1") == "echo [redacted]"


@pytest.mark.parametrize(
    ("name", "value", "problem"),
    [
        ("1st", "x", "cannot name an MCP server"),
        ("a/b", "x", "cannot name an MCP server"),
        ("ok", "", "empty"),
        ("ok", {"url": "ftp://x"}, "not an http"),
        ("ok", {"command": "x", "url": "http://y"}, "not both"),
        ("ok", {"type": "sse", "url": "http://y/sse"}, "old SSE transport, which is not supported"),
        ("ok", {"command": "x", "args": "not a list"}, "'args' must be a list"),
        ("ok", 42, "give a command line, a URL or a config entry"),
    ],
)
def test_specs_that_cannot_work_say_what_to_write(name: str, value: object, problem: str) -> None:
    with pytest.raises(MCPConfigError, match=problem):
        server_spec(name, value)  # type: ignore[arg-type]


def test_a_config_file_that_is_not_json_or_has_no_servers_says_so(tmp_path: Path) -> None:
    broken = tmp_path / "broken.json"
    broken.write_text('{"mcpServers": {')
    with pytest.raises(MCPConfigError, match=r"not valid JSON \(line 1"):
        read_config(broken)
    with pytest.raises(MCPConfigError, match='no "mcpServers" object'):
        read_config({"other": {}})
    with pytest.raises(MCPConfigError, match="No MCP config file"):
        read_config(tmp_path / "missing.json")


def test_a_spec_keeps_its_name_rules() -> None:
    spec = ServerSpec("units", command="python", args=("units.py",))
    assert server_spec("renamed", spec).name == "renamed"
    assert server_spec("units", spec, trust_read_only=True).trust_read_only
