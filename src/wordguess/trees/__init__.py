"""Guess trees: the shared artefact. Building them (`build`), the tree and its file (`tree`),
evaluations and first-guess tables (`report`), and PNG histograms (`plots`, the plot extra)."""
