"""Exact optimal guess trees. Two problems, each a numba kernel, its driver and its runs:
`total/` (the least total number of guesses: branch and bound) and `worst/` (the least worst
case: feasibility within d guesses). They share the admissible bounds (`bounds`), the store of
proven results (`store`) and the tasks that run on a process pool or a Ray cluster (`tasks`).
Absurdle (`absurdle`) and the chooser's game (`equilibrium`) are solved here too."""
