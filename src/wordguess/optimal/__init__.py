"""Exact optimal guess trees: branch and bound with admissible bounds, a persistent store of
proven values, and tasks that run on a process pool or a Ray cluster."""
