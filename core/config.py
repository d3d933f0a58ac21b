"""One settings tree, persisted as JSON in the data folder; env prefix DEEPREAD_."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, PrivateAttr, ValidationError
from pydantic_settings import BaseSettings, SettingsConfigDict

from core.errors import SettingsError

SCHEMA_VERSION = 1


def app_home() -> Path:
    """The user data folder: $DEEPREAD_HOME, else the platform's usual place."""
    override = os.environ.get("DEEPREAD_HOME")
    if override:
        path = Path(override).expanduser()
    else:
        import platformdirs

        path = Path(platformdirs.user_data_dir("deepread", appauthor=False))
    path.mkdir(parents=True, exist_ok=True)
    return path


class ModelSettings(BaseModel):
    """Which GGUF files to run and how."""

    model_config = ConfigDict(extra="forbid")

    path: str = Field("", description="Writer GGUF; empty means the bundled default model.")
    judge_path: str = Field("", description="Judge GGUF; empty means the same as the writer.")
    threads: int = Field(0, ge=0, description="CPU threads; 0 means the physical cores.")
    context_size: int = Field(8192, ge=512, le=131072)
    max_tokens_per_section: int = Field(200, ge=16, le=4096)
    instruct: Literal["auto", "yes", "no"] = Field(
        "auto",
        description="Whether the model follows instructions; auto reads the GGUF's chat template.",
    )
    backend: Literal["llama", "openai"] = Field(
        "llama",
        description="llama runs the GGUF in process; openai uses an OpenAI-compatible server.",
    )
    base_url: str = Field("", description="Server address for the openai backend, up to /v1.")
    name: str = Field("", description="Model name the server knows (the openai backend).")
    judge_backend: Literal["", "llama", "openai"] = Field(
        "", description="The judge's backend; empty means the same as the writer."
    )
    judge_base_url: str = Field("", description="Judge server address; empty means base_url.")
    judge_name: str = Field("", description="Judge model name; empty means name.")
    timeout_s: float = Field(
        120.0, ge=1.0, le=3600.0, description="Seconds a server may stay silent before failing."
    )


#: Environment variables holding secrets; they are never settings, so never saved nor shown.
API_KEY_ENV = "DEEPREAD_API_KEY"
JUDGE_API_KEY_ENV = "DEEPREAD_JUDGE_API_KEY"
CHROMA_TOKEN_ENV = "DEEPREAD_CHROMA_TOKEN"


def secret(name: str) -> str:
    """A secret from the environment ("" when unset)."""
    return os.environ.get(name, "").strip()


class IndexSettings(BaseModel):
    """Where the vectors live."""

    model_config = ConfigDict(extra="forbid")

    chroma_url: str = Field(
        "", description="A Chroma server (http://host:8000); empty means the embedded store."
    )
    namespace: str = Field(
        "",
        description="Collection prefix on a shared Chroma server; empty means this library's id.",
    )


class CheckerSettings(BaseModel):
    """Knobs of the verification loop."""

    model_config = ConfigDict(extra="forbid")

    threshold: float = Field(
        0.3, ge=0.0, le=1.0, description="Flagged ratio that triggers a retry."
    )
    max_retries: int = Field(2, ge=0, le=5)
    use_judge: bool = True
    coverage_floor: float = Field(0.30, ge=0.0, le=1.0)
    token_budget: int = Field(6000, ge=100, description="Generated tokens allowed per run.")
    time_budget_s: float = Field(900.0, ge=10.0, description="Seconds allowed per run.")


class CritiqueSettings(BaseModel):
    """What the critique looks like."""

    model_config = ConfigDict(extra="forbid")

    language: Literal["auto", "en", "zh"] = Field(
        "auto", description="Critique language; auto writes in the paper's own language."
    )


class AskSettings(BaseModel):
    """Knobs of the answer loop ("Ask the paper")."""

    model_config = ConfigDict(extra="forbid")

    passages: int = Field(4, ge=1, le=12, description="Passages retrieved per query.")
    relevance: float = Field(
        0.5, ge=0.0, le=1.0, description="Relevance (P(YES) or word overlap) a passage needs."
    )
    answerable: float = Field(
        0.61,
        ge=0.0,
        le=1.0,
        description="P(YES) the most relevant passage needs for the question to be answered.",
    )
    max_tokens: int = Field(160, ge=16, le=1024, description="Generated tokens per answer.")
    candidates: int = Field(
        1, ge=1, le=5, description="Answers written and scored per round; 1 is the fastest."
    )


class Settings(BaseSettings):
    """The whole settings tree; DEEPREAD_MODEL__PATH etc. override the file."""

    model_config = SettingsConfigDict(
        env_prefix="DEEPREAD_", env_nested_delimiter="__", extra="forbid"
    )

    schema_version: int = SCHEMA_VERSION
    model: ModelSettings = Field(default_factory=ModelSettings)
    checker: CheckerSettings = Field(default_factory=CheckerSettings)
    critique: CritiqueSettings = Field(default_factory=CritiqueSettings)
    ask: AskSettings = Field(default_factory=AskSettings)
    index: IndexSettings = Field(default_factory=IndexSettings)
    _load_warning: str = PrivateAttr("")

    @classmethod
    def settings_path(cls) -> Path:
        """Where the settings file lives."""
        return app_home() / "settings.json"

    @property
    def load_warning(self) -> str:
        """Why the settings file could not be used ("" when it was fine or absent)."""
        return self._load_warning

    @classmethod
    def load(cls) -> Settings:
        """Read the settings file (if any), migrated to the current schema; env vars win.

        An invalid file is never silently replaced: it is moved to ``settings.json.bad``, the
        defaults are used, and ``load_warning`` says so, for the window and the command line.
        """
        path = cls.settings_path()
        # NOTE: init kwargs beat env vars in pydantic-settings, but env must beat the file.
        env = cls().model_dump(exclude_unset=True)
        if not path.exists():
            return cls.model_validate(env)
        try:
            raw = json.loads(path.read_text(encoding="utf-8"))
            if not isinstance(raw, dict):
                raise ValueError("not a JSON object")
            return cls.model_validate(_deep_merge(_migrate(raw), env))
        except OSError as exc:
            warning = f"The settings file {path} cannot be read ({exc.strerror or exc})"
        except ValueError as exc:  # bad JSON or a value out of range (ValidationError)
            bad = path.with_name(path.name + ".bad")
            try:
                os.replace(path, bad)
                kept = f"it was kept as {bad}"
            except OSError:
                kept = "it was left in place"
            warning = f"The settings file {path} is invalid ({_why(exc)}); {kept}"
        settings = cls.model_validate(env)
        settings._load_warning = f"{warning}; the default settings are used."
        return settings

    def save(self) -> None:
        """Write the settings file atomically and durably (temporary file, fsync, rename).

        Raises:
            SettingsError: The data folder cannot be written (read-only, full disk).
        """
        path = self.settings_path()
        tmp = path.with_suffix(".json.tmp")
        try:
            with tmp.open("w", encoding="utf-8") as fh:
                fh.write(self.model_dump_json(indent=2))
                fh.flush()
                os.fsync(fh.fileno())
            os.replace(tmp, path)
            _fsync_folder(path.parent)
        except OSError as exc:
            tmp.unlink(missing_ok=True)
            reason = exc.strerror or str(exc)
            raise SettingsError(f"Cannot save the settings to {path}: {reason}.") from exc


def _why(exc: ValueError) -> str:
    """The first problem of a parse or validation error, in one line."""
    if isinstance(exc, ValidationError) and exc.errors():
        first = exc.errors()[0]
        where = ".".join(str(part) for part in first["loc"])
        return f"{where}: {first['msg']}" if where else str(first["msg"])
    return str(exc).splitlines()[0]


def _fsync_folder(folder: Path) -> None:
    """Make a rename durable; folders cannot be opened for syncing on Windows."""
    if os.name == "nt":
        return
    fd = os.open(folder, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


def _deep_merge(base: dict[str, Any], override: dict[str, Any]) -> dict[str, Any]:
    out = dict(base)
    for key, value in override.items():
        if isinstance(value, dict) and isinstance(out.get(key), dict):
            out[key] = _deep_merge(out[key], value)
        else:
            out[key] = value
    return out


def _migrate(data: dict[str, Any]) -> dict[str, Any]:
    """Bring an older settings file up to SCHEMA_VERSION; unknown keys are dropped."""
    data = dict(data)
    data.setdefault("schema_version", SCHEMA_VERSION)
    known = set(Settings.model_fields)
    data = {k: v for k, v in data.items() if k in known}
    data["schema_version"] = SCHEMA_VERSION
    return data
