"""The least total guess tree: the numba branch and bound (`kernel`), its driver `ExactSolver`
(`search`), a greedy upper bound (`greedy`), the runs over tasks (`run`), the shipped opener
certificates and optimal trees."""
