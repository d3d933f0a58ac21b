"""A labelled development set for the checker, built from the project's own fixture papers."""
