"""Edit the settings tree: model file, threads, context, checker knobs, language."""

from __future__ import annotations

import os
from pathlib import Path

from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QDoubleSpinBox,
    QFileDialog,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from core.config import Settings
from core.errors import AppError
from core.llm.default_model import DEFAULT_MODEL_LABEL
from desktop import errors

GGUF_MAGIC = b"GGUF"
INSTRUCT_CHOICES = (
    ("Automatic (from the model file)", "auto"),
    ("Yes (instruction-tuned)", "yes"),
    ("No (base model)", "no"),
)
#: Critique languages; "auto" writes in the paper's own language.
LANGUAGES = (("auto", "Same as the paper"), ("en", "English"), ("zh", "中文 (Chinese)"))


def validate_gguf(path: str) -> str | None:
    """Why ``path`` cannot be used as a model file, or None when it looks like a GGUF."""
    if not path:
        return None  # the bundled default model
    file = Path(path).expanduser()
    if not file.is_file():
        return f"{file} does not exist."
    if not os.access(file, os.R_OK):
        return f"{file} is not readable."
    try:
        with file.open("rb") as fh:
            magic = fh.read(4)
    except OSError as exc:
        return f"{file} cannot be read: {exc.strerror or exc}"
    if magic != GGUF_MAGIC:
        return f"{file.name} is not a GGUF model file."
    return None


class SettingsDialog(QDialog):
    """A form over Settings; Save validates the model file and writes settings.json."""

    def __init__(self, settings: Settings, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Settings")
        self._settings = settings
        self.saved: Settings | None = None

        self.model_path = QLineEdit(settings.model.path)
        self.model_path.setPlaceholderText(f"Bundled: {DEFAULT_MODEL_LABEL}")
        self.model_path.textChanged.connect(self._validate)
        browse = QPushButton("Browse…")
        browse.clicked.connect(self._browse)
        path_row = QHBoxLayout()
        path_row.addWidget(self.model_path, 1)
        path_row.addWidget(browse)
        self.model_error = QLabel()
        self.model_error.setStyleSheet("color: #d04040")
        self.model_error.setWordWrap(True)

        self.threads = QSpinBox()
        self.threads.setRange(0, 256)
        self.threads.setSpecialValueText("Physical cores")
        self.threads.setValue(settings.model.threads)
        self.context_size = QSpinBox()
        self.context_size.setRange(512, 131072)
        self.context_size.setSingleStep(512)
        self.context_size.setValue(settings.model.context_size)
        self.threshold = QDoubleSpinBox()
        self.threshold.setRange(0.0, 1.0)
        self.threshold.setSingleStep(0.05)
        self.threshold.setDecimals(2)
        self.threshold.setValue(settings.checker.threshold)
        self.threshold.setToolTip("Regenerate when more than this share of sentences is flagged")
        self.retries = QSpinBox()
        self.retries.setRange(0, 5)
        self.retries.setValue(settings.checker.max_retries)
        self.instruct = QComboBox()
        for label, value in INSTRUCT_CHOICES:
            self.instruct.addItem(label, value)
        self.instruct.setCurrentIndex(max(0, self.instruct.findData(settings.model.instruct)))
        self.instruct.setToolTip(
            "Instruction-tuned models get a chat prompt and a trusted judge; "
            "Automatic reads this from the model file's chat template."
        )
        self.use_judge = QCheckBox("Ask the model to judge each claim")
        self.use_judge.setChecked(settings.checker.use_judge)
        self.language = QComboBox()
        for code, name in LANGUAGES:
            self.language.addItem(name, code)
        self.language.setCurrentIndex(max(0, self.language.findData(settings.critique.language)))

        form = QFormLayout()
        form.addRow("Model file (GGUF):", path_row)
        form.addRow("", self.model_error)
        form.addRow("Follows instructions:", self.instruct)
        form.addRow("CPU threads:", self.threads)
        form.addRow("Context size (tokens):", self.context_size)
        form.addRow("Flagged-ratio threshold:", self.threshold)
        form.addRow("Maximum retries:", self.retries)
        form.addRow("", self.use_judge)
        form.addRow("Critique language:", self.language)

        self.buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Save | QDialogButtonBox.StandardButton.Cancel
        )
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addWidget(self.buttons)
        self._validate()

    def _browse(self) -> None:
        start = (
            str(Path(self.model_path.text()).expanduser().parent) if self.model_path.text() else ""
        )
        name, _ = QFileDialog.getOpenFileName(
            self, "Choose a GGUF model", start, "GGUF models (*.gguf);;All files (*)"
        )
        if name:
            self.model_path.setText(name)

    def _validate(self) -> bool:
        problem = validate_gguf(self.model_path.text().strip())
        self.model_error.setText(problem or "")
        self.model_error.setVisible(bool(problem))
        self.buttons.button(QDialogButtonBox.StandardButton.Save).setEnabled(problem is None)
        return problem is None

    def values(self) -> Settings:
        """The settings as edited (not yet saved)."""
        data = self._settings.model_dump()
        data["model"].update(
            path=self.model_path.text().strip(),
            threads=self.threads.value(),
            context_size=self.context_size.value(),
            instruct=self.instruct.currentData(),
        )
        data["checker"].update(
            threshold=round(self.threshold.value(), 2),
            max_retries=self.retries.value(),
            use_judge=self.use_judge.isChecked(),
        )
        data["critique"].update(language=self.language.currentData())
        return Settings.model_validate(data)

    def accept(self) -> None:
        """Validate, save and close."""
        if not self._validate():
            return
        settings = self.values()
        try:
            settings.save()
        except AppError as exc:
            errors.show_exception(self, exc)
            return
        self.saved = settings
        super().accept()
