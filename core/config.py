"""One settings tree, persisted as JSON in the data folder; env prefix DEEPREAD_."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field
from pydantic_settings import BaseSettings, SettingsConfigDict

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
    threads: int = Field(0, ge=0, description="CPU threads; 0 means all cores.")
    context_size: int = Field(4096, ge=512, le=131072)
    max_tokens_per_section: int = Field(160, ge=16, le=4096)


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

    language: Literal["en", "zh"] = "en"


class Settings(BaseSettings):
    """The whole settings tree; DEEPREAD_MODEL__PATH etc. override the file."""

    model_config = SettingsConfigDict(
        env_prefix="DEEPREAD_", env_nested_delimiter="__", extra="forbid"
    )

    schema_version: int = SCHEMA_VERSION
    model: ModelSettings = Field(default_factory=ModelSettings)
    checker: CheckerSettings = Field(default_factory=CheckerSettings)
    critique: CritiqueSettings = Field(default_factory=CritiqueSettings)

    @classmethod
    def settings_path(cls) -> Path:
        """Where the settings file lives."""
        return app_home() / "settings.json"

    @classmethod
    def load(cls) -> Settings:
        """Read the settings file (if any), migrated to the current schema; env vars win."""
        path = cls.settings_path()
        data: dict[str, Any] = {}
        if path.exists():
            try:
                data = _migrate(json.loads(path.read_text(encoding="utf-8")))
            except (OSError, ValueError):
                data = {}
        # NOTE: init kwargs beat env vars in pydantic-settings, but env must beat the file.
        env_settings = cls()
        merged = _deep_merge(data, env_settings.model_dump(exclude_unset=True))
        return cls.model_validate(merged)

    def save(self) -> None:
        """Write atomically to the settings file."""
        path = self.settings_path()
        tmp = path.with_suffix(".json.tmp")
        tmp.write_text(self.model_dump_json(indent=2), encoding="utf-8")
        os.replace(tmp, path)


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
